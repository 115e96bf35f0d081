import { globSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';

const include = ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'apps/web/src/**/*.test.ts'];
const exclude = ['**/node_modules/**', '**/dist/**'];

// A file that replaces a module (vi.mock) needs a module graph of its own; every other file shares
// its worker's, so the app and its libraries are loaded once per worker rather than once per file.
const replacesModules = globSync(include)
  .filter((file) => !file.includes('node_modules/') && /\bvi\.(?:mock|doMock)\(/.test(readFileSync(file, 'utf8')))
  .sort();

export default defineConfig({
  test: {
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    // Each worker runs one embedded database at a time, single-threaded: one worker fewer than the
    // cores (vitest's default), but at least two, since the main process mostly waits.
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    testTimeout: 30000,
    hookTimeout: 60000,
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...exclude, ...replacesModules], isolate: false } },
      // An empty include would mean vitest's default one, every test file of the tree.
      ...(replacesModules.length
        ? [{ extends: true, test: { name: 'isolated', include: replacesModules, exclude, isolate: true } }]
        : []),
    ],
  },
});
