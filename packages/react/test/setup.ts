import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { unmountStory } from './story-runner';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  await unmountStory();
  cleanup();
  // Server-rendering tests run in the node environment, without a window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
