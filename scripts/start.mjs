// npm start: builds the server and the web console when a build is missing or older than its sources,
// then runs the compiled server (migrate, seed the demo on an empty database, serve console and API
// on one port) with node: no tsx, esbuild or Vite at runtime.
import { buildParts } from './build-parts.mjs';

try {
  await buildParts({ onlyStale: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await import('./serve.mjs');
