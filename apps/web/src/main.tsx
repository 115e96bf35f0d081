import { dropExpiredToken } from './api/token';
import { captureTenantId } from './brand/tenantId';
import { nextTask } from './lib/nextTask';

// zod compiles its object parsers with new Function where it may. The console's CSP forbids eval, and
// even zod's probe for it is reported as a CSP violation, so answers are checked without compiling.
// This is z.config({ jitless: true }): zod keeps its configuration in this global (shared by every
// copy of zod), set here before any schema is built, without loading zod with the first page.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
dropExpiredToken();
captureTenantId();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

/**
 * The app's modules are set up piece by piece, each in a task of its own (on a phone, at a 4x slower
 * CPU, each piece takes 30 to 90 ms; set up at once they held the main thread for about 250 ms while
 * the page showed its spinner). The pieces are in the entry's own file (vite.config.ts, the
 * `initial` chunk): `import()` here fetches nothing, it runs each piece's modules when asked.
 */
const pieces = [
  () => import('./app/start/emotion'),
  () => import('./app/start/styles'),
  () => import('./app/start/routes'),
];

const start = async () => {
  for (const piece of pieces) {
    await nextTask();
    await piece();
  }
  await nextTask();
  const { startApp } = await import('./app/start/app');
  startApp(root);
};
void start();
