import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type KeyboardEvent, useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { commandsOf, openSession } from '../../../test/session';
import * as RabbitholePrompt from '../rabbithole-prompt/parts';
import * as Composer from './parts';

function ControlledComposer({ onKeyDown }: { onKeyDown: (event: KeyboardEvent) => void }) {
  const [value, setValue] = useState('draft');
  return (
    <Composer.Root
      value={value}
      onValueChange={setValue}
      labels={{ input: 'Antwort', submit: 'Senden', placeholder: 'Schreib…' }}
    >
      <Composer.Input onKeyDown={onKeyDown} />
      <Composer.Submit />
    </Composer.Root>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Your answer' }) as HTMLTextAreaElement;

describe('Composer', () => {
  test('Enter sends the trimmed text, clears the input and reports the clientMessageId', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<Composer.Root onSend={onSend} />, { client: session.client });
    await user.type(input(), '  Sunlight and water  {Enter}');
    expect(commandsOf(session)).toEqual([{ type: 'user_message', content: 'Sunlight and water' }]);
    expect(input().value).toBe('');
    expect(onSend).toHaveBeenCalledWith(
      'Sunlight and water',
      session.commands()[0]?.clientMessageId,
    );
  });

  test('Shift+Enter adds a line instead of sending; the button sends', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<Composer.Root />, { client: session.client });
    await user.type(input(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(input().value).toBe('Line one\nLine two');
    expect(commandsOf(session)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(commandsOf(session)).toEqual([{ type: 'user_message', content: 'Line one\nLine two' }]);
  });

  test('Enter during IME composition does not send; blank text never sends', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<Composer.Root />, { client: session.client });
    await user.type(input(), 'にほん');
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    expect(commandsOf(session)).toEqual([]);
    await user.clear(input());
    await user.type(input(), '   {Enter}');
    expect(commandsOf(session)).toEqual([]);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('disabled with a visible, announced reason while not connected', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<Composer.Root />, { client: session.client });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(input().disabled).toBe(false);

    await act(async () => session.transport.setOnline(false));
    expect(input().disabled).toBe(true);
    expect(status.textContent).toBe('Connection lost. Reconnecting…');
    expect(status.getAttribute('data-state')).toBe('reconnecting');
    expect(input().getAttribute('aria-describedby')).toBe(status.id);
    expect(screen.getByRole('textbox', { description: 'Connection lost. Reconnecting…' })).toBe(
      input(),
    );
    await user.type(input(), 'hello{Enter}');
    expect(commandsOf(session)).toEqual([]);

    session.transport.setOnline(true);
    await act(async () => session.client.retry());
    await waitFor(() => expect(input().disabled).toBe(false));
    expect(input().disabled).toBe(false);
    expect(status.textContent).toBe('');
    expect(input().hasAttribute('aria-describedby')).toBe(false);
  });

  test.each([
    ['connecting', 'connecting', 'connecting', 'Connecting to the session…'],
    ['paused', 'paused', 'open', 'The session is paused.'],
    ['disconnected', 'idle', 'closed', 'Disconnected from the session.'],
  ] as const)('%s: says why it is disabled', async (state, fixture, connection, reason) => {
    const session = await openSession({ fixture, connection });
    renderWithClient(<Composer.Root />, { client: session.client });
    expect(input().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(reason);
    expect(screen.getByRole('status').getAttribute('data-state')).toBe(state);
  });

  test('typing answers a pending rabbit-hole prompt (shown declined); sending declines it in the log', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'rabbitholePrompt' });
    renderWithClient(
      <>
        <RabbitholePrompt.Root />
        <Composer.Root />
      </>,
      { client: session.client },
    );
    expect(screen.getByRole('group', { name: /Want to explore/ })).toBeTruthy();
    await user.type(input(), 'Chloro');
    // Shown as declined at once; nothing is sent while the learner types.
    expect(screen.queryByRole('group', { name: /Want to explore/ })).toBeNull();
    expect(commandsOf(session)).toEqual([]);
    // Taking the draft back shows the prompt again.
    await user.clear(input());
    expect(screen.getByRole('group', { name: /Want to explore/ })).toBeTruthy();
    await user.type(input(), 'Chlorophyll{Enter}');
    expect(commandsOf(session)).toEqual([{ type: 'user_message', content: 'Chlorophyll' }]);
    // The engine applies the same rule: the message declines the prompt in the log.
    await waitFor(async () => {
      const events = await session.storage.read(session.sessionId);
      expect(events.map((event) => event.type)).toContain('rabbithole_declined');
    });
    expect(screen.queryByRole('group', { name: /Want to explore/ })).toBeNull();
  });

  test('the implicit decline can be turned off', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'rabbitholePrompt' });
    renderWithClient(
      <>
        <RabbitholePrompt.Root />
        <Composer.Root declineRabbitholeOnInput={false} />
      </>,
      { client: session.client },
    );
    await user.type(input(), 'Chloro');
    expect(screen.getByRole('group', { name: /Want to explore/ })).toBeTruthy();
    expect(commandsOf(session)).toEqual([]);
  });

  test('controlled value, custom labels and composed handlers', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'idle' });
    const onKeyDown = vi.fn((event: { key: string; preventDefault(): void }) => {
      if (event.key === 'Enter') event.preventDefault(); // the host opts out of Enter-to-send
    });
    renderWithClient(<ControlledComposer onKeyDown={onKeyDown} />, { client: session.client });
    const textbox = screen.getByRole('textbox', { name: 'Antwort' }) as HTMLTextAreaElement;
    expect(textbox.value).toBe('draft');
    expect(textbox.placeholder).toBe('Schreib…');
    await user.type(textbox, '!{Enter}');
    expect(textbox.value).toBe('draft!');
    expect(commandsOf(session)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(commandsOf(session)).toEqual([{ type: 'user_message', content: 'draft!' }]);
    expect(textbox.value).toBe('');
  });
});
