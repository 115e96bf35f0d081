// Runs the browser specs as E2E_SHARDS separate Playwright runs at once (2 unless told), each with
// its own server, port and embedded database, so no spec can see another shard's changes. One run
// leaves part of a second core idle while its page waits on the server; two keep both busy.
//
// A whole run shares the spec files out by how long each took (e2e/shard-weights.json, seconds),
// the longest first, each to the shard with the least so far: Playwright's own --shard splits by
// count in file order, which put every long walk in one shard. A file not in the weights counts as
// the median file. Each shard's JSON report gives the files' times again: the run writes them to
// test-results/shard-weights.json, to copy over the weights when they have drifted.
// With arguments (spec files, --grep) every shard gets them with Playwright's --shard instead.
// Each line of output is prefixed with its shard.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../e2e');
const results = path.join(e2e, '../test-results');
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3199);
const args = process.argv.slice(2);

/** The spec files, each to one shard: the heaviest first, to the lightest shard. */
const plan = () => {
  const files = fs
    .readdirSync(path.join(e2e, 'specs'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  const weightsFile = path.join(e2e, 'shard-weights.json');
  const weights = fs.existsSync(weightsFile) ? JSON.parse(fs.readFileSync(weightsFile, 'utf8')) : {};
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const plans = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
  for (const file of files.sort((a, b) => (weights[b] ?? median) - (weights[a] ?? median))) {
    const lightest = plans.reduce((min, p) => (p.seconds < min.seconds ? p : min));
    lightest.files.push(file);
    lightest.seconds += weights[file] ?? median;
  }
  return plans;
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const reportOf = (index) => path.join(results, `shard-${index}.json`);

const run = (index, files) =>
  new Promise((resolve) => {
    const label = `[${index}/${shards}]`;
    // Each shard makes its own data directory: one a parent run set is not passed on.
    const { PC_E2E_DATA_DIR: _shared, ...env } = process.env;
    const selection = files
      ? [...files.map((f) => `specs/${escape(f)}$`), '--reporter=list,json']
      : [...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...args];
    const started = Date.now();
    const child = spawn('npx', ['playwright', 'test', ...selection], {
      cwd: e2e,
      env: { ...env, E2E_PORT: String(basePort + (index - 1) * 100), PLAYWRIGHT_JSON_OUTPUT_FILE: reportOf(index) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`${label} ${line}`));
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });

/** Seconds each spec file took, from the shards' JSON reports (a file's top suite is the file). */
const measured = () => {
  const seconds = {};
  const add = (file, suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) seconds[file] = (seconds[file] ?? 0) + result.duration / 1000;
    for (const inner of suite.suites ?? []) add(file, inner);
  };
  for (let i = 1; i <= shards; i++) {
    if (!fs.existsSync(reportOf(i))) continue;
    for (const suite of JSON.parse(fs.readFileSync(reportOf(i), 'utf8')).suites ?? [])
      add(path.basename(suite.file), suite);
  }
  return Object.fromEntries(Object.entries(seconds).map(([f, s]) => [f, Math.round(s * 10) / 10]));
};

fs.mkdirSync(results, { recursive: true });
const plans = args.length ? undefined : plan();
const outcomes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1, plans?.[i].files)));
for (const [i, o] of outcomes.entries())
  console.log(
    `shard ${i + 1}: ${Math.round(o.seconds)} s${plans ? ` (planned ${Math.round(plans[i].seconds)} s of tests, ${plans[i].files.length} files)` : ''}`,
  );
if (plans) {
  const times = measured();
  fs.writeFileSync(path.join(results, 'shard-weights.json'), `${JSON.stringify(times, null, 2)}\n`);
}
const failed = outcomes.filter((o) => o.code !== 0).length;
console.log(failed ? `${failed} of ${shards} shards failed` : `all ${shards} shards passed`);
process.exit(failed ? 1 : 0);
