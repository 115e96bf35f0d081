/**
 * The server's entry: `node apps/server/dist/main.js` (npm start, npm run serve, the container) or
 * `tsx src/main.ts`. Module loading is set up first (module-loading.ts); then the database starts
 * opening, before the server's modules load (server.ts): the embedded one compiles its WebAssembly
 * and reads its files on other threads meanwhile. A module imported statically here would load
 * before the set-up.
 */
import { prepareModuleLoading } from './module-loading.js';

prepareModuleLoading(import.meta.url);
const [{ readEnv }, { createLogger, logDestination }, { openDatabase }] = await Promise.all([
  import('./env.js'),
  import('./platform/http/logging.js'),
  import('./platform/db/open.js'),
]);
const env = readEnv();
// One logger for every line the server writes: JSON, one object a line, or readable lines when standard
// output is a terminal (LOG_FORMAT; platform/http/logging.ts).
const log = createLogger(env.LOG_LEVEL, logDestination(env.LOG_FORMAT));
const opening = openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  onError: (error) => log.warn({ err: error }, 'a database connection failed; the pool makes a new one'),
});
// Awaited by the server; a failure to open (the data directory in use) ends the start there.
opening.catch(() => {});
const { startServer } = await import('./server.js');
await startServer({ env, log, opening });
