import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * How a console process is started: from the TypeScript source through tsx, the contract's too (the
 * workspace link), so the test runs what is in the tree, built or not. The one place to switch to the
 * compiled server (`node dist/main.js`).
 */
const command = (entry: string) => [process.execPath, '--import', 'tsx', entry];

export type ConsoleProcess = { base: string; child: ChildProcess; stop: () => Promise<void> };

/**
 * A real console process (src/main.ts, or `entry`, relative to apps/server) on its own free port and
 * its own DATA_DIR, as on a host of its own: what it shares with the others is only what `env` gives
 * it (the database, the token secret). Resolves once it listens, with its URL read from its start-up
 * log line.
 */
export const startConsoleProcess = async (
  env: Record<string, string>,
  opts: { timeoutMs?: number; entry?: string } = {},
): Promise<ConsoleProcess> => {
  const timeoutMs = opts.timeoutMs ?? 90_000;
  const [executable, ...args] = command(opts.entry ?? 'src/main.ts');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-console-'));
  const child = spawn(executable!, args, {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let tail = '';
  // Read to the end (a full pipe would stop the process), keeping the last lines for an error.
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stderr.on('data', keep);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the console did not start:\n${tail}`)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      // Fastify's line once it listens (the start-up block, with the URL too, waits for the first jobs).
      const url = /Server listening at http:\/\/[^\s"]+:(\d+)/.exec(tail);
      if (url) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${url[1]}`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the console ended with ${code}:\n${tail}`));
    });
  });
  const stop = async () => {
    // A process ended by a signal (a test's SIGKILL) has no exit code, only its signal.
    if (child.exitCode === null && child.signalCode === null) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, child, stop };
};
