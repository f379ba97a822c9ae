import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { commandsOf, openSession } from '../../../test/session';
import { renderWithClient } from '../../../test/render';
import * as CompletionOverlay from './parts';

const OVERLAY = {
  message: 'You recalled everything.',
  recalledCount: 4,
  totalPoints: 4,
  durationMs: 60_000,
};

describe('CompletionOverlay', () => {
  test('a modal dialog named by its title and described by the message', async () => {
    const session = await openSession({ fixture: 'overlay' });
    renderWithClient(<CompletionOverlay.Root />, { client: session.client });
    const dialog = screen.getByRole('dialog', { name: 'Session complete' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('data-state')).toBe('open');
    expect(screen.getByRole('dialog', { description: /You recalled all 4 points/ })).toBe(dialog);
  });

  test('focus moves in, is trapped, Escape continues and focus returns', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'returned' });
    renderWithClient(
      <>
        <button type="button">Before</button>
        <CompletionOverlay.Root />
      </>,
      { client: session.client },
    );
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    await act(() => session.append('session_complete_overlay', OVERLAY));
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
    expect(commandsOf(session)).toEqual([{ type: 'dismiss_overlay' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  test('Continue dismisses the overlay', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'overlay' });
    renderWithClient(<CompletionOverlay.Root />, { client: session.client });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(commandsOf(session)).toEqual([{ type: 'dismiss_overlay' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Done leaves the session; the overlay closes once it is completed', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'overlay' });
    renderWithClient(<CompletionOverlay.Root />, { client: session.client });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(commandsOf(session)).toEqual([{ type: 'leave_session' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.client.getSnapshot().status).toBe('completed');
  });

  test('an overlay arriving in a rabbit hole waits for the return', async () => {
    const session = await openSession({ fixture: 'inRabbithole' });
    renderWithClient(<CompletionOverlay.Root />, { client: session.client });
    // The log stores the overlay only on the way out of the rabbit hole.
    await act(() =>
      session.append('rabbithole_exited', {
        rabbitholeEventId: 'rabbithole-1',
        label: 'Autumn leaves',
        pointsRecalledDuring: 1,
        completionPending: true,
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => session.append('session_complete_overlay', OVERLAY));
    expect(screen.getByRole('dialog', { description: 'You recalled everything.' })).toBeTruthy();
  });

  test('labels can be replaced and parts rearranged', async () => {
    const session = await openSession({ fixture: 'overlay' });
    renderWithClient(
      <CompletionOverlay.Root labels={{ title: 'Fertig!', continue: 'Weiter', done: 'Beenden' }}>
        <CompletionOverlay.Title />
        <CompletionOverlay.Done />
        <CompletionOverlay.Continue />
      </CompletionOverlay.Root>,
      { client: session.client },
    );
    expect(screen.getByRole('dialog', { name: 'Fertig!' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Beenden',
      'Weiter',
    ]);
    expect(document.activeElement?.textContent).toBe('Beenden');
  });
});
