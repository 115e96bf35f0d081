// Runs the browser specs as E2E_SHARDS separate Playwright runs at once (2 unless told), each with
// its own server, port and embedded database, so no spec can see another shard's changes. One run
// leaves part of a second core idle while its page waits on the server; two keep both busy.
// Arguments (spec files, --grep) go to every shard; each line is prefixed with its shard.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../e2e');
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3199);
const args = process.argv.slice(2);

const run = (index) =>
  new Promise((resolve) => {
    const label = `[${index}/${shards}]`;
    // Each shard makes its own data directory: one a parent run set is not passed on.
    const { PC_E2E_DATA_DIR: _shared, ...env } = process.env;
    const child = spawn('npx', ['playwright', 'test', ...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...args], {
      cwd: e2e,
      env: { ...env, E2E_PORT: String(basePort + (index - 1) * 100) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`${label} ${line}`));
    child.on('close', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
console.log(failed ? `${failed} of ${shards} shards failed` : `all ${shards} shards passed`);
process.exit(failed ? 1 : 0);
