import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Server-rendering tests run in the node environment, without a window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
