import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.spec.{ts,tsx}'],
      css: false,
      // Component tests render whole lazy routes in jsdom; on a busy 2-core machine a few take 4-5 s, so
      // vitest's 5 s default would fail them for the machine's load, not for what they check.
      testTimeout: 20_000,
    },
  }),
);
