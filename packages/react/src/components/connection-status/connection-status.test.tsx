import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { openSession } from '../../../test/session';
import * as ConnectionStatus from './parts';

const status = () => screen.getByRole('status');

describe('ConnectionStatus', () => {
  test('quiet while connected; says reconnecting with a Retry that retries', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<ConnectionStatus.Root />, { client: session.client });
    expect(status().getAttribute('data-state')).toBe('connected');
    expect(status().textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
    await act(async () => session.transport.setOnline(false));
    expect(status().getAttribute('data-state')).toBe('reconnecting');
    expect(status().textContent).toContain('Connection lost. Reconnecting…');
    session.transport.setOnline(true);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('connected'));
  });

  test("shows the server's own error message and code, not a generic one", async () => {
    const session = await openSession({ fixture: 'error' });
    renderWithClient(<ConnectionStatus.Root />, { client: session.client });
    expect(status().getAttribute('data-state')).toBe('error');
    expect(status().textContent).toContain(
      'The model provider is overloaded. Try again in a few seconds. (LLM_UNAVAILABLE)',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  test.each([
    ['paused', 'paused', 'open', 'Session paused. You can resume it later.'],
    ['connecting', 'connecting', 'connecting', 'Connecting…'],
    ['disconnected', 'idle', 'closed', 'Disconnected.'],
  ] as const)('%s', async (state, fixture, connection, text) => {
    const session = await openSession({ fixture, connection });
    renderWithClient(<ConnectionStatus.Root />, { client: session.client });
    expect(status().getAttribute('data-state')).toBe(state);
    expect(status().textContent).toContain(text);
  });

  test('messages can be replaced', async () => {
    const session = await openSession({ fixture: 'idle', connection: 'closed' });
    renderWithClient(
      <ConnectionStatus.Root
        labels={{ message: (state) => `Zustand: ${state}`, retry: 'Nochmal' }}
      />,
      { client: session.client },
    );
    expect(status().textContent).toBe('Zustand: disconnectedNochmal');
  });
});
