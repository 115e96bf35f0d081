import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { muiLazyDefaultThemes } from './vite-mui-lazy-default-themes.ts';
import { precompress } from './vite-precompress.ts';
import { reactAsEsm } from './vite-react-esm.ts';
import { routePreloads } from './vite-route-preloads.ts';
import { zodWithoutJsonSchema } from './vite-zod-without-json-schema.ts';

const server = 'http://localhost:3000';

// MUI's ThemeProvider renders its provider without CSS variables for the console's themes (no
// colorSchemes, no cssVariables: brand/theme.ts) but imports the CSS-variables one beside it: imported
// directly, that one (about 3 KB over the wire) stays out of every page. MUI's package does not export
// the file by name; tsconfig.json's `paths` gives it its types.
const muiStyles = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mui/material/package.json')),
  'styles',
);

export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    reactAsEsm(),
    muiLazyDefaultThemes(),
    precompress(),
    // The pages visits start on: their first chunks are announced in their HTML (vite-route-preloads.ts).
    routePreloads({
      '/login': ['src/features/auth/LoginPage.tsx'],
      '/': [
        'src/app/shell/AppShell.tsx',
        'src/features/dashboard/DashboardPage.tsx',
        'src/features/dashboard/prefetch.ts',
      ],
      '/assistants': [
        'src/app/shell/AppShell.tsx',
        'src/features/projects/ProjectsPage.tsx',
        'src/features/projects/prefetch.ts',
      ],
    }),
  ],
  resolve: {
    alias: [
      { find: /^@mui\/material\/styles\/ThemeProviderNoVars$/, replacement: `${muiStyles}/ThemeProviderNoVars.mjs` },
    ],
  },
  server: {
    proxy: {
      '/api': server,
      '/auth': server,
      '/superadmin': server,
      '/docs': server,
      '/brand/': server,
      '/samples/': server,
      '/sandbox/': server,
      '/project/': server,
      '/partner/': server,
      // The Meta Ads calls share their prefix with the area's pages: a page load stays with Vite.
      '/meta-ads/': {
        target: server,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/page-weight.mjs (npm run size): which chunks each page loads first.
    manifest: true,
    rolldownOptions: {
      // The page's entry, and the pieces of the app's start that main.tsx runs one task at a time: a
      // second input (never loaded) only so that they and what they import count as `$initial` below.
      input: { index: path.resolve('index.html'), start: path.resolve('src/app/start/pieces.ts') },
      // Building a zod schema has no side effect (the contract registers nothing), so a module's
      // schemas that a page does not use are dropped with it: importing `hasPermission` does not
      // bring zod along with the permission schemas beside it.
      treeshake: { manualPureFunctions: ['z'] },
      // Chunks export only what other chunks import (needed to inline common chunks, below).
      preserveEntrySignatures: false,
      output: {
        // Few requests for a page's first load: on a phone's network each request costs a
        // round trip, and without this the pages' first loads were dozens of files, most of them tiny.
        codeSplitting: {
          // A shared chunk under 8 KB (before minifying) is copied into the chunks that use it rather
          // than fetched on its own (rolldown then keeps each module's order of execution).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          groups: [
            // Long-lived vendor code in its own chunk so a release of the app does not bust it.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // What the entry and the pieces of the app's start (main.tsx) import is loaded by every page
            // at once anyway: one file, in which each `import()` of a piece fetches nothing.
            { name: 'initial', tags: ['$initial'], priority: 20 },
            // Small pieces the shell and the lists' pages share (the tooltips, the screen-width hook, money
            // formats): one file, not a copy inside each chunk that uses them. Their own imports stay put.
            {
              name: 'shell',
              test: /(src[\\/]ui[\\/]Tooltip\.tsx|@mui[\\/](system|material)[\\/]useMediaQuery[\\/]|contract[\\/]src[\\/]money\.ts)/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            // The schemas every page's first answers are checked with, and zod: one file, loaded beside
            // the first request (api/early.ts), rather than a dozen of the contract's modules. npm run size
            // counts it on every page by this name. zodStart.ts and earlyProfile.ts set up parts of it in
            // tasks of their own (api/early.ts).
            { name: 'early-schemas', test: /src[\\/]api[\\/](earlySchemas|earlyProfile|zodStart)\.ts$/, priority: 10 },
            // The lists' URL state (the contract's list-state and the zod parts it needs), which the
            // dashboard, its prefetch and the lists share: one file, not a copy inside each page.
            {
              name: 'list-state',
              test: /(contract[\\/]src[\\/]list-state\.ts|zod[\\/]v4[\\/]classic[\\/](iso|coerce)\.js)$/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
