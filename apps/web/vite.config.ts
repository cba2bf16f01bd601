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
    // The build's manifest lets scripts/check-first-route.mjs weigh what the first screen loads.
    manifest: true,
  },
});
