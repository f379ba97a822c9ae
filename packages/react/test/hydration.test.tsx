import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { RecallProvider } from '../src';
import { SESSION_FIXTURES, createFixtureClient } from '../src/testing';
import { SessionScreen } from './session-screen';

afterEach(() => vi.restoreAllMocks());

test('server HTML hydrates without mismatches, then reads the stored mute setting', async () => {
  localStorage.setItem('recall:cue-muted', 'true');
  const client = createFixtureClient({ messages: SESSION_FIXTURES.returned });
  const app = (
    <RecallProvider client={client}>
      <SessionScreen />
    </RecallProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(app);
  document.body.append(container);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const recoverableErrors: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, app, { onRecoverableError: (error) => recoverableErrors.push(error) }),
  );
  expect(recoverableErrors).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  const toggle = container.querySelector('button[aria-pressed]');
  expect(toggle?.getAttribute('aria-pressed')).toBe('true');
  act(() => root.unmount());
  container.remove();
});
