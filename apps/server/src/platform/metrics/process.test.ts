import { expect, it } from 'vitest';
import { renderProcessMetrics } from './process.js';

// The names and types prom-client's default collector writes, which the stock Node.js dashboards query.
const families = {
  process_cpu_user_seconds_total: 'counter',
  process_cpu_system_seconds_total: 'counter',
  process_cpu_seconds_total: 'counter',
  process_start_time_seconds: 'gauge',
  process_resident_memory_bytes: 'gauge',
  nodejs_eventloop_lag_seconds: 'gauge',
  nodejs_eventloop_lag_min_seconds: 'gauge',
  nodejs_eventloop_lag_max_seconds: 'gauge',
  nodejs_eventloop_lag_mean_seconds: 'gauge',
  nodejs_eventloop_lag_stddev_seconds: 'gauge',
  nodejs_eventloop_lag_p50_seconds: 'gauge',
  nodejs_eventloop_lag_p90_seconds: 'gauge',
  nodejs_eventloop_lag_p99_seconds: 'gauge',
  nodejs_active_resources: 'gauge',
  nodejs_active_resources_total: 'gauge',
  nodejs_active_handles: 'gauge',
  nodejs_active_handles_total: 'gauge',
  nodejs_active_requests_total: 'gauge',
  nodejs_heap_size_total_bytes: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
  nodejs_external_memory_bytes: 'gauge',
  nodejs_heap_space_size_total_bytes: 'gauge',
  nodejs_heap_space_size_used_bytes: 'gauge',
  nodejs_heap_space_size_available_bytes: 'gauge',
  nodejs_version_info: 'gauge',
  nodejs_gc_duration_seconds: 'histogram',
};
// Read from /proc: Linux only, as with prom-client.
const linux = { process_virtual_memory_bytes: 'gauge', process_heap_bytes: 'gauge', process_open_fds: 'gauge' };

it("writes the process's figures under prom-client's default names", async () => {
  await renderProcessMetrics();
  // Garbage to collect, until the GC histogram has a sample: the observer hears of a collection
  // some time after it (a busy machine delays it past any one wait).
  let junk: number[][] = [];
  const gcCounted = /^nodejs_gc_duration_seconds_count\{kind="(minor|major|incremental|weakcb)"\} [1-9]/m;
  let text = '';
  for (let round = 0; round < 50 && !gcCounted.test(text); round++) {
    for (let i = 0; i < 20_000; i++) junk.push(Array.from({ length: 200 }, (_, j) => j));
    junk = [];
    await new Promise((resolve) => setTimeout(resolve, 100));
    text = await renderProcessMetrics();
  }
  const expected = { ...families, ...(process.platform === 'linux' ? linux : {}) };
  for (const [name, type] of Object.entries(expected)) expect(text).toContain(`# TYPE ${name} ${type}\n`);
  const value = (series: string) => Number(new RegExp(`^${series} (\\S+)$`, 'm').exec(text)?.[1]);
  expect(value('process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  expect(value('process_cpu_seconds_total')).toBeGreaterThan(0);
  expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
  expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  expect(text).toMatch(/^nodejs_heap_space_size_used_bytes\{space="old"\} \d+$/m);
  expect(text).toContain(`nodejs_version_info{version="${process.version}",major="`);
  expect(text).toMatch(gcCounted);
  expect(junk).toEqual([]);
});
