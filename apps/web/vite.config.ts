import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
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
    // Read by scripts/bundle-size.mjs: which chunks each page loads first.
    manifest: true,
    rolldownOptions: {
      // Building a zod schema has no side effect (the contract registers nothing), so a module's
      // schemas that a page does not use are dropped with it: importing `hasPermission` does not
      // bring zod along with the permission schemas beside it.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Long-lived vendor code in its own chunks so a release of the app does not bust them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
