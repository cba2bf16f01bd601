import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy and waitFor wait this long before failing: screens load their code on demand, and on a busy
// CI machine a lazy route and its redirect can take seconds. A passing check returns as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

// Test files share one module graph per worker (isolate: false), so nothing a test stubs may outlive it.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
