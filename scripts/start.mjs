// npm start: builds the web console when its build is missing or older than its sources, then
// runs the server (migrate, seed the demo on an empty database, serve console and API on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');

const newest = (p) => {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
};

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];
const stale =
  !existsSync(built) || Math.max(...sources.map((s) => newest(path.join(root, s)))) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web console...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, [path.join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
