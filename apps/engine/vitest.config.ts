import { defineConfig } from 'vitest/config';

// The runtime specs trade hours of minutes on a real database, one transaction each.
export default defineConfig({ test: { include: ['src/**/*.spec.ts'], testTimeout: 120_000, hookTimeout: 60_000 } });
