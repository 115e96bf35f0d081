import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': server,
      '/auth': server,
      '/superadmin': server,
      '/docs': server,
      '/brand/': server,
      '/partner/': server,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor code in its own chunks so a release of the app does not bust them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/,
              priority: 20,
            },
            { name: 'data', test: /node_modules[\\/](@tanstack|zod|notistack)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
