type EarlySchemas = typeof import('./earlySchemas');

/** A loader of one of the early schemas (earlySchemas.ts says why they load apart). */
export const early =
  <K extends keyof EarlySchemas>(name: K) =>
  async (): Promise<EarlySchemas[K]> =>
    (await import('./earlySchemas'))[name];
