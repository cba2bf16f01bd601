import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // The SPA compiles the contracts' TypeScript sources directly.
    alias: { '@console/contracts': path.resolve(here, '../../packages/contracts/src/index.ts') },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|@tanstack[\\/]react-query|react-hook-form|scheduler)[\\/]/, priority: 2 },
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
