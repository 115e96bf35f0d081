// npm run dev: the server with reload on :3000 and Vite's dev server (proxying the API) on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => spawn(cmd, args, { cwd: root, stdio: 'inherit' });
const children = [
  run(path.join(root, 'node_modules/.bin/tsx'), ['watch', 'apps/server/src/main.ts']),
  run('npm', ['run', 'dev', '-w', 'apps/web']),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
