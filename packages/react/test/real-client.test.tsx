import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithClient } from './render';
import { SessionScreen } from './session-screen';
import { commandsOf, openSession } from './session';

test('the components drive the real client against a real engine: each action sends its command', async () => {
  const user = userEvent.setup();
  const session = await openSession({ fixture: 'rabbitholePrompt' });
  renderWithClient(<SessionScreen />, { client: session.client });
  expect(screen.getByRole('group', { name: /Want to explore/ })).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Explore' }));
  expect(commandsOf(session)).toEqual([
    {
      type: 'enter_rabbithole',
      rabbitholeEventId: 'rabbithole-1',
      topic: 'Why leaves change colour in autumn',
    },
  ]);
  await user.click(await screen.findByRole('button', { name: 'Return to session' }));
  expect(commandsOf(session)[1]).toEqual({ type: 'exit_rabbithole' });
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: 'Return to session' })).toBeNull(),
  );
  await waitFor(() =>
    expect(
      (screen.getByRole('textbox', { name: 'Your answer' }) as HTMLTextAreaElement).disabled,
    ).toBe(false),
  );

  await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Oxygen{Enter}');
  expect(commandsOf(session)[2]).toEqual({ type: 'user_message', content: 'Oxygen' });
  const log = screen.getByRole('log');
  const line = () =>
    [...log.querySelectorAll('[data-role="user"]')].find((row) =>
      row.textContent?.includes('Oxygen'),
    );
  expect(['pending', 'sent']).toContain(line()?.getAttribute('data-state'));
  await waitFor(() => expect(line()?.getAttribute('data-state')).toBe('sent'));

  await user.click(screen.getByRole('button', { name: 'Leave Session' }));
  expect(commandsOf(session)[3]).toEqual({ type: 'leave_session' });
  await waitFor(() => expect(session.client.getSnapshot().status).toBe('paused'));
  // What the screen shows is the stored log: every command was stored once.
  const stored = await session.storage.read(session.sessionId);
  expect(stored.filter((event) => event.type === 'user_message').at(-1)?.data).toMatchObject({
    content: 'Oxygen',
  });
});

test('a dropped connection disables the composer with its reason, and Retry reconnects', async () => {
  const user = userEvent.setup();
  const session = await openSession({ fixture: 'idle' });
  renderWithClient(<SessionScreen />, { client: session.client });
  const input = screen.getByRole('textbox', { name: 'Your answer' }) as HTMLTextAreaElement;
  expect(input.disabled).toBe(false);

  await act(async () => session.transport.setOnline(false));
  expect(input.disabled).toBe(true);
  expect(screen.getByRole('textbox', { description: 'Connection lost. Reconnecting…' })).toBe(
    input,
  );
  session.transport.setOnline(true);
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(input.disabled).toBe(false));
  expect(session.transport.connectionCount).toBe(1);
});
