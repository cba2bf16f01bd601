import { defineConfig } from 'vitest/config';

// The schema check migrates a database of its own.
export default defineConfig({ test: { include: ['src/**/*.spec.ts'], testTimeout: 60_000, hookTimeout: 120_000 } });
