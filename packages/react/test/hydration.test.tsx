import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { RecallProvider } from '../src';
import { SessionScreen } from './session-screen';
import { replayClientOf } from './session';

afterEach(() => vi.restoreAllMocks());

test('server HTML hydrates without mismatches, then reads the stored mute setting', async () => {
  localStorage.setItem('recall:cue-muted', 'true');
  const client = replayClientOf('returned');
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
  const toggle = container.querySelector('button[data-state="muted"]');
  expect(toggle?.textContent).toBe('Unmute recall cue');
  act(() => root.unmount());
  container.remove();
});
