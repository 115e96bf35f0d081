import { nextTask } from '../lib/nextTask';

type EarlySchemas = typeof import('./earlySchemas');

let zodStarted: Promise<unknown> | undefined;
let schemasLoaded: Promise<EarlySchemas> | undefined;

/**
 * zod's own set-up (its schema classes, about 50 ms on a phone at 4x slower CPU), in a task of its
 * own. Whatever first builds a schema pays for it; done here, it is not added to the task that builds
 * the first answers' schemas or a page's.
 */
export const startZod = () => (zodStarted ??= import('./zodStart'));

/**
 * The early schemas (earlySchemas.ts), built after zod's set-up, the partner's first (earlyProfile.ts),
 * then the others; the first answers are checked after that. Each step takes 40 to 70 ms on a phone
 * (a 4x slower CPU) and has a task of its own: together they held one task for about 250 ms.
 */
const loadEarlySchemas = () =>
  (schemasLoaded ??= (async () => {
    await startZod();
    await nextTask();
    await import('./earlyProfile');
    await nextTask();
    const schemas = await import('./earlySchemas');
    await nextTask();
    return schemas;
  })());

/** A loader of one of the early schemas (earlySchemas.ts says why they load apart). */
export const early =
  <K extends keyof EarlySchemas>(name: K) =>
  async (): Promise<EarlySchemas[K]> =>
    (await loadEarlySchemas())[name];
