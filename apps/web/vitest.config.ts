import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The web's pure logic (access rules, brand, token claims, profile form); the root config runs
// the contract's and the server's tests.
export default defineConfig({
  test: { root: fileURLToPath(new URL('.', import.meta.url)), include: ['src/**/*.test.ts'], environment: 'node' },
});
