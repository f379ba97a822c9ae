import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
import * as CompletionOverlay from './parts';

const OVERLAY = {
  type: 'session_complete_overlay',
  seq: 17,
  message: 'You recalled everything.',
  recalledCount: 4,
  totalPoints: 4,
  durationMs: 60_000,
} as const;

describe('CompletionOverlay', () => {
  test('a modal dialog named by its title and described by the message', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.overlay });
    renderWithClient(<CompletionOverlay.Root />, { client });
    const dialog = screen.getByRole('dialog', { name: 'Session complete' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('data-state')).toBe('open');
    expect(screen.getByRole('dialog', { description: /You recalled all 4 points/ })).toBe(dialog);
  });

  test('focus moves in, is trapped, Escape continues and focus returns', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.returned });
    renderWithClient(
      <>
        <button type="button">Before</button>
        <CompletionOverlay.Root />
      </>,
      { client },
    );
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    act(() => client.receive({ ...OVERLAY, seq: 21 }));
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    const doneButton = screen.getByRole('button', { name: 'Done' });
    expect(document.activeElement).toBe(continueButton);
    await user.tab();
    expect(document.activeElement).toBe(doneButton);
    await user.tab();
    expect(document.activeElement).toBe(continueButton);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(doneButton);
    // Focus pulled outside is brought back in.
    act(() => before.focus());
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(client.sent).toEqual([{ type: 'dismiss_overlay', clientMessageId: 'client-1' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  test('Continue dismisses the overlay; Done leaves the session', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.overlay });
    renderWithClient(<CompletionOverlay.Root />, { client });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(client.sent).toEqual([{ type: 'leave_session', clientMessageId: 'client-1' }]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(client.sent.at(-1)).toEqual({ type: 'dismiss_overlay', clientMessageId: 'client-2' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('an overlay arriving in a rabbit hole waits for the return', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.inRabbithole });
    renderWithClient(<CompletionOverlay.Root />, { client });
    act(() => client.receive(OVERLAY));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() =>
      client.receive({
        type: 'rabbithole_exited',
        seq: 18,
        rabbitholeEventId: 'rabbithole-1',
        label: 'Autumn leaves',
        pointsRecalledDuring: 1,
        completionPending: true,
      }),
    );
    expect(screen.getByRole('dialog', { description: 'You recalled everything.' })).toBeTruthy();
  });

  test('labels can be replaced and parts rearranged', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.overlay });
    renderWithClient(
      <CompletionOverlay.Root labels={{ title: 'Fertig!', continue: 'Weiter', done: 'Beenden' }}>
        <CompletionOverlay.Title />
        <CompletionOverlay.Done />
        <CompletionOverlay.Continue />
      </CompletionOverlay.Root>,
      { client },
    );
    expect(screen.getByRole('dialog', { name: 'Fertig!' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Beenden',
      'Weiter',
    ]);
    expect(document.activeElement?.textContent).toBe('Beenden');
  });
});
