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
  // React 18 warns that useLayoutEffect does nothing on the server: happy-dom gives this server
  // render a window, so the layout effect is chosen. Expected here, and nothing else is.
  const serverErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
  container.innerHTML = renderToString(app);
  const unexpected = serverErrors.mock.calls.filter(
    ([message]) => !String(message).includes('useLayoutEffect does nothing on the server'),
  );
  expect(unexpected).toEqual([]);
  serverErrors.mockRestore();
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
