import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    // Vitest's default leaves a core idle (one worker on a 2-core machine); most files here spend
    // their time in the embedded database's WASM, so a worker per core keeps both cores busy.
    maxWorkers: '100%',
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
