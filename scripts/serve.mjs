// npm run serve: the console from an existing build only (what a container runs), never building:
// `npm run build` makes one, `npm start` builds what is missing or stale and then does this.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-parts.mjs';
import { readEnvFile } from './env-file.mjs';

const required = [
  ['apps/server/dist/main.js', 'the compiled server'],
  ['apps/server/dist/node_modules/@pc/contract/index.js', "the server's compiled contract"],
  ['apps/web/dist/index.html', 'the web console'],
];
const missing = required.filter(([file]) => !existsSync(path.join(root, file)));
if (missing.length > 0) {
  for (const [file, what] of missing) console.error(`No build of ${what} (${file}).`);
  console.error('Run `npm run build` first, or `npm start`, which builds what is missing.');
  process.exit(1);
}
// Before the server reads its configuration (apps/server/src/env.ts); on standard error, so that
// standard output stays JSON lines when it is piped.
const envFile = readEnvFile();
if (envFile) {
  const kept = envFile.kept.length > 0 ? `; kept from the environment: ${envFile.kept.join(', ')}` : '';
  console.error(`Read ${envFile.file}: ${envFile.set.join(', ') || 'nothing new'}${kept}`);
}
// In this process: SIGINT and SIGTERM reach the server's own graceful stop.
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
