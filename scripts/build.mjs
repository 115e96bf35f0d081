// npm run build: the compiled server (apps/server/dist, with its own compiled copy of the contract)
// and the web console (apps/web/dist). `--if-stale` builds only the parts missing or older than their sources.
import { buildParts } from './build-parts.mjs';

await buildParts({ onlyStale: process.argv.includes('--if-stale') });
