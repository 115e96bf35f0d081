/**
 * The console as a real process for the browser benchmarks: the compiled server
 * (`apps/server/dist/main.js`, `npm run build`) when it exists, else the source through tsx, on its
 * own port and data directory (seeded with the demo on first use), with the web build it serves.
 * BENCH_SERVER=source or compiled picks one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_SERVER_ROOT: another copy of the repository to run the server from (e.g. a release's).
const root = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : repo;
const compiled = path.join(root, 'apps/server/dist/main.js');

export type ConsoleServer = { url: string; how: string; stop: () => Promise<void> };

/** Builds the web app (and the server, where the build does) when no web build is there. */
export const ensureBuilt = () => {
  if (existsSync(path.join(repo, 'apps/web/dist/index.html'))) return;
  console.log('No web build: running npm run build...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
};

const waitUntilReady = async (url: string, server: ChildProcess, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /readyz within ${timeoutMs / 1000} s`);
};

export const startConsoleServer = async (opts: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ConsoleServer> => {
  const useCompiled = process.env.BENCH_SERVER ? process.env.BENCH_SERVER === 'compiled' : existsSync(compiled);
  const [command, args] = useCompiled
    ? [process.execPath, [compiled]]
    : [path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')]];
  const server = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      SEED_DEMO: 'true',
      WEB_DIST: path.join(repo, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
  });
  const url = `http://localhost:${opts.port}`;
  try {
    // A first start creates the database and seeds the demo (about 10 s on a quiet machine).
    await waitUntilReady(url, server, 120_000);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  return { url, how: useCompiled ? 'compiled (node apps/server/dist/main.js)' : 'source (tsx)', stop };
};
