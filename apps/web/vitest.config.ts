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
      // The files share one module graph per worker instead of loading React, MUI and the screens again
      // for each of them: half of the run was imports (324 s isolated against 132 s shared, same machine).
      isolate: false,
    },
  }),
);
