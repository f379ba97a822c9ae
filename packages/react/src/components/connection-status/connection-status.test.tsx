import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
import * as ConnectionStatus from './parts';

const status = () => screen.getByRole('status');

describe('ConnectionStatus', () => {
  test('quiet while connected; says reconnecting with a Retry that retries', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    renderWithClient(<ConnectionStatus.Root />, { client });
    expect(status().getAttribute('data-state')).toBe('connected');
    expect(status().textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
    act(() => client.setConnection('reconnecting'));
    expect(status().getAttribute('data-state')).toBe('reconnecting');
    expect(status().textContent).toContain('Connection lost. Reconnecting…');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(client.calls).toEqual(['retry']);
  });

  test("shows the server's own error message and code, not a generic one", () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.error });
    renderWithClient(<ConnectionStatus.Root />, { client });
    expect(status().getAttribute('data-state')).toBe('error');
    expect(status().textContent).toContain(
      'The model provider is overloaded. Try again in a few seconds. (LLM_UNAVAILABLE)',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  test.each([
    ['paused', SESSION_FIXTURES.paused, 'open', 'Session paused. You can resume it later.'],
    ['connecting', [], 'connecting', 'Connecting…'],
    ['disconnected', SESSION_FIXTURES.idle, 'closed', 'Disconnected.'],
  ] as const)('%s', (state, messages, connection, text) => {
    const client = createFixtureClient({ messages, connection });
    renderWithClient(<ConnectionStatus.Root />, { client });
    expect(status().getAttribute('data-state')).toBe(state);
    expect(status().textContent).toContain(text);
  });

  test('messages can be replaced', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle, connection: 'closed' });
    renderWithClient(
      <ConnectionStatus.Root
        labels={{ message: (state) => `Zustand: ${state}`, retry: 'Nochmal' }}
      />,
      { client },
    );
    expect(status().textContent).toBe('Zustand: disconnectedNochmal');
  });
});
