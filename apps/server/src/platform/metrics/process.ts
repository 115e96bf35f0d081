import { readFileSync, readdirSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver, type ELDHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';
import { header, histogram, sample, type Histogram } from './registry.js';

/**
 * The process's figures under prom-client's default names and meanings (its `collectDefaultMetrics`),
 * so that the stock Node.js dashboards and alerts (Grafana's "Node.js application" ones, kube-prometheus
 * rules) work unchanged: CPU, memory, file descriptors, event-loop lag, heap and its spaces, active
 * handles and requests, garbage collection, the Node.js version. Written here rather than by
 * prom-client: the rest of our registry is hand-rolled (registry.ts), and these are a few reads at
 * scrape time. Linux's /proc figures (virtual memory, data segment, descriptors) are left out elsewhere,
 * as prom-client leaves them.
 */

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

let watching: { loopDelay: ELDHistogram; gc: Histogram } | undefined;

/** Started with the first scrape: the histogram's timer and the GC observer cost only when metrics are read. */
const watch = () => {
  if (watching) return watching;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const gc = histogram(
    'nodejs_gc_duration_seconds',
    'Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    ['kind'],
    [0.001, 0.01, 0.1, 1, 2, 5],
  );
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = ((entry as { detail?: unknown }).detail as { kind?: number } | null | undefined)?.kind;
      if (kind !== undefined && GC_KINDS[kind]) gc.observe([GC_KINDS[kind]], entry.duration / 1000);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  watching = { loopDelay, gc };
  return watching;
};

/** How long a callback queued now waits for the event loop (prom-client's nodejs_eventloop_lag_seconds). */
const loopLag = async () => {
  const start = process.hrtime.bigint();
  await new Promise((resolve) => setImmediate(resolve));
  return Number(process.hrtime.bigint() - start) / 1e9;
};

/** /proc/self/status's memory lines (kB), on Linux. */
const procStatus = (): Record<string, number> | null => {
  try {
    const out: Record<string, number> = {};
    for (const m of readFileSync('/proc/self/status', 'utf8').matchAll(/^(Vm\w+):\s+(\d+) kB$/gm))
      out[m[1]!] = Number(m[2]) * 1024;
    return out;
  } catch {
    return null;
  }
};

const fileDescriptors = (): { open: number; max: number | null } | null => {
  try {
    const open = readdirSync('/proc/self/fd').length - 1; // the listing's own descriptor
    const limit = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    return { open, max: limit && limit !== 'unlimited' ? Number(limit) : null };
  } catch {
    return null;
  }
};

const startedAt = Math.round(Date.now() / 1000 - process.uptime());

/** Counts by type (prom-client's label), and their total. */
const byType = (name: string, help: string, items: readonly unknown[] | readonly string[]) => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const type = typeof item === 'string' ? item : ((item as object | null)?.constructor?.name ?? 'unknown');
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return (
    header(name, `${help} by type.`, 'gauge') +
    [...counts].map(([type, n]) => sample(name, n, { type })).join('') +
    header(`${name}_total`, `${help}.`, 'gauge') +
    sample(`${name}_total`, items.length)
  );
};

type Internals = { _getActiveHandles?: () => unknown[]; _getActiveRequests?: () => unknown[] };

export const renderProcessMetrics = async (): Promise<string> => {
  const { loopDelay, gc } = watch();
  const lag = await loopLag();
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  const status = procStatus();
  const fds = fileDescriptors();
  const internals = process as unknown as Internals;
  const [major, minor, patch] = process.versions.node.split('.');
  const ns = (v: number) => (Number.isFinite(v) ? v / 1e9 : 0);
  const measured = loopDelay.count > 0;
  const delay = (name: string, help: string, value: number) =>
    header(name, help, 'gauge') + sample(name, measured ? ns(value) : 0);

  let out =
    header('process_cpu_user_seconds_total', 'Total user CPU time spent in seconds.', 'counter') +
    sample('process_cpu_user_seconds_total', cpu.user / 1e6) +
    header('process_cpu_system_seconds_total', 'Total system CPU time spent in seconds.', 'counter') +
    sample('process_cpu_system_seconds_total', cpu.system / 1e6) +
    header('process_cpu_seconds_total', 'Total user and system CPU time spent in seconds.', 'counter') +
    sample('process_cpu_seconds_total', (cpu.user + cpu.system) / 1e6) +
    header('process_start_time_seconds', 'Start time of the process since unix epoch in seconds.', 'gauge') +
    sample('process_start_time_seconds', startedAt) +
    header('process_resident_memory_bytes', 'Resident memory size in bytes.', 'gauge') +
    sample('process_resident_memory_bytes', memory.rss);
  if (status?.VmSize !== undefined)
    out +=
      header('process_virtual_memory_bytes', 'Virtual memory size in bytes.', 'gauge') +
      sample('process_virtual_memory_bytes', status.VmSize);
  if (status?.VmData !== undefined)
    out +=
      header('process_heap_bytes', 'Process heap size in bytes.', 'gauge') +
      sample('process_heap_bytes', status.VmData);
  if (fds) {
    out +=
      header('process_open_fds', 'Number of open file descriptors.', 'gauge') + sample('process_open_fds', fds.open);
    if (fds.max !== null)
      out +=
        header('process_max_fds', 'Maximum number of open file descriptors.', 'gauge') +
        sample('process_max_fds', fds.max);
  }
  out +=
    header('nodejs_eventloop_lag_seconds', 'Lag of event loop in seconds.', 'gauge') +
    sample('nodejs_eventloop_lag_seconds', lag) +
    delay('nodejs_eventloop_lag_min_seconds', 'The minimum recorded event loop delay.', loopDelay.min) +
    delay('nodejs_eventloop_lag_max_seconds', 'The maximum recorded event loop delay.', loopDelay.max) +
    delay('nodejs_eventloop_lag_mean_seconds', 'The mean of the recorded event loop delays.', loopDelay.mean) +
    delay(
      'nodejs_eventloop_lag_stddev_seconds',
      'The standard deviation of the recorded event loop delays.',
      loopDelay.stddev,
    ) +
    delay(
      'nodejs_eventloop_lag_p50_seconds',
      'The 50th percentile of the recorded event loop delays.',
      loopDelay.percentile(50),
    ) +
    delay(
      'nodejs_eventloop_lag_p90_seconds',
      'The 90th percentile of the recorded event loop delays.',
      loopDelay.percentile(90),
    ) +
    delay(
      'nodejs_eventloop_lag_p99_seconds',
      'The 99th percentile of the recorded event loop delays.',
      loopDelay.percentile(99),
    );
  loopDelay.reset();
  out += byType(
    'nodejs_active_resources',
    'Number of active resources that are currently keeping the event loop alive, grouped by async resource type',
    process.getActiveResourcesInfo(),
  );
  if (internals._getActiveHandles)
    out += byType('nodejs_active_handles', 'Number of active libuv handles', internals._getActiveHandles());
  if (internals._getActiveRequests)
    out += byType('nodejs_active_requests', 'Number of active libuv requests', internals._getActiveRequests());
  out +=
    header('nodejs_heap_size_total_bytes', 'Process heap size from Node.js in bytes.', 'gauge') +
    sample('nodejs_heap_size_total_bytes', memory.heapTotal) +
    header('nodejs_heap_size_used_bytes', 'Process heap size used from Node.js in bytes.', 'gauge') +
    sample('nodejs_heap_size_used_bytes', memory.heapUsed) +
    header('nodejs_external_memory_bytes', 'Node.js external memory size in bytes.', 'gauge') +
    sample('nodejs_external_memory_bytes', memory.external);
  const spaces = v8.getHeapSpaceStatistics().map((s) => ({ ...s, space: s.space_name.replace(/_space$/, '') }));
  for (const [name, help, value] of [
    ['nodejs_heap_space_size_total_bytes', 'Process heap space size total from Node.js in bytes.', 'space_size'],
    ['nodejs_heap_space_size_used_bytes', 'Process heap space size used from Node.js in bytes.', 'space_used_size'],
    [
      'nodejs_heap_space_size_available_bytes',
      'Process heap space size available from Node.js in bytes.',
      'space_available_size',
    ],
  ] as const)
    out += header(name, help, 'gauge') + spaces.map((s) => sample(name, s[value], { space: s.space })).join('');
  out +=
    header('nodejs_version_info', 'Node.js version info.', 'gauge') +
    sample('nodejs_version_info', 1, {
      version: process.version,
      major: major ?? '',
      minor: minor ?? '',
      patch: patch ?? '',
    }) +
    gc.render();
  return out;
};
