import { act, fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type KeyboardEvent, useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
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
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    renderWithClient(<Composer.Root onSend={onSend} />, { client });
    await user.type(input(), '  Sunlight and water  {Enter}');
    expect(client.sent).toEqual([
      { type: 'user_message', content: 'Sunlight and water', clientMessageId: 'client-1' },
    ]);
    expect(input().value).toBe('');
    expect(onSend).toHaveBeenCalledWith('Sunlight and water', 'client-1');
  });

  test('Shift+Enter adds a line instead of sending; the button sends', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    renderWithClient(<Composer.Root />, { client });
    await user.type(input(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(input().value).toBe('Line one\nLine two');
    expect(client.sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(client.sent).toEqual([
      { type: 'user_message', content: 'Line one\nLine two', clientMessageId: 'client-1' },
    ]);
  });

  test('Enter during IME composition does not send; blank text never sends', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    renderWithClient(<Composer.Root />, { client });
    await user.type(input(), 'にほん');
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    expect(client.sent).toEqual([]);
    await user.clear(input());
    await user.type(input(), '   {Enter}');
    expect(client.sent).toEqual([]);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('disabled with a visible, announced reason while not connected', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    renderWithClient(<Composer.Root />, { client });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(input().disabled).toBe(false);

    act(() => client.setConnection('reconnecting'));
    expect(input().disabled).toBe(true);
    expect(status.textContent).toBe('Connection lost. Reconnecting…');
    expect(status.getAttribute('data-state')).toBe('reconnecting');
    expect(input().getAttribute('aria-describedby')).toBe(status.id);
    expect(screen.getByRole('textbox', { description: 'Connection lost. Reconnecting…' })).toBe(
      input(),
    );
    await user.type(input(), 'hello{Enter}');
    expect(client.sent).toEqual([]);

    act(() => client.setConnection('open'));
    expect(input().disabled).toBe(false);
    expect(status.textContent).toBe('');
    expect(input().hasAttribute('aria-describedby')).toBe(false);
  });

  test.each([
    ['connecting', [], 'connecting', 'Connecting to the session…'],
    ['paused', SESSION_FIXTURES.paused, 'open', 'The session is paused.'],
    ['disconnected', SESSION_FIXTURES.idle, 'closed', 'Disconnected from the session.'],
  ] as const)('%s: says why it is disabled', (state, messages, connection, reason) => {
    const client = createFixtureClient({ messages, connection });
    renderWithClient(<Composer.Root />, { client });
    expect(input().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(reason);
    expect(screen.getByRole('status').getAttribute('data-state')).toBe(state);
  });

  test('typing while a rabbit-hole prompt is pending declines it, once', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.rabbitholePrompt });
    renderWithClient(
      <>
        <RabbitholePrompt.Root />
        <Composer.Root />
      </>,
      { client },
    );
    expect(screen.getByRole('group', { name: /Want to explore/ })).toBeTruthy();
    await user.type(input(), 'Chloro');
    expect(client.sent).toEqual([{ type: 'decline_rabbithole', clientMessageId: 'client-1' }]);
    expect(screen.queryByRole('group', { name: /Want to explore/ })).toBeNull();
  });

  test('the implicit decline can be turned off', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.rabbitholePrompt });
    renderWithClient(<Composer.Root declineRabbitholeOnInput={false} />, { client });
    await user.type(input(), 'Chloro');
    expect(client.sent).toEqual([]);
  });

  test('controlled value, custom labels and composed handlers', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    const onKeyDown = vi.fn((event: { key: string; preventDefault(): void }) => {
      if (event.key === 'Enter') event.preventDefault(); // the host opts out of Enter-to-send
    });
    renderWithClient(<ControlledComposer onKeyDown={onKeyDown} />, { client });
    const textbox = screen.getByRole('textbox', { name: 'Antwort' }) as HTMLTextAreaElement;
    expect(textbox.value).toBe('draft');
    expect(textbox.placeholder).toBe('Schreib…');
    await user.type(textbox, '!{Enter}');
    expect(textbox.value).toBe('draft!');
    expect(client.sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(client.sent).toEqual([
      { type: 'user_message', content: 'draft!', clientMessageId: 'client-1' },
    ]);
    expect(textbox.value).toBe('');
  });
});
