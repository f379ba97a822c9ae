import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import {
  CompletionOverlay,
  Composer,
  RabbitholeIndicator,
  RabbitholePrompt,
  SessionControls,
} from '../src';
import { renderWithClient } from './render';
import { openSession } from './session';

// Where focus goes when what the learner just used goes away: the answer box, so they keep
// typing (and never to <body>, where a keyboard or screen-reader user would be lost).
function Screen() {
  return (
    <main>
      <RabbitholeIndicator.Root />
      <RabbitholePrompt.Root />
      <Composer.Root />
      <SessionControls.Root />
      <CompletionOverlay.Root />
    </main>
  );
}

function Page(props: { session: boolean }) {
  return (
    <>
      <input aria-label="Search" />
      {props.session && <Screen />}
    </>
  );
}

const answerBox = () => screen.getByRole('textbox', { name: 'Your answer' });

describe('focus', () => {
  test('the answer box is focused when the session opens', async () => {
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<Screen />, { client: session.client });
    expect(document.activeElement).toBe(answerBox());
  });

  test('…but not taken from something the learner focused first', async () => {
    const session = await openSession({ fixture: 'idle' });
    const { rerender } = renderWithClient(<Page session={false} />, { client: session.client });
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    rerender(<Page session />);
    expect(answerBox()).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(search);
  });

  test('focusOnReady={false} leaves focus alone', async () => {
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(
      <Composer.Root>
        <Composer.Input focusOnReady={false} />
      </Composer.Root>,
      { client: session.client },
    );
    expect(document.activeElement).toBe(document.body);
  });

  test.each([
    ['Explore', 'rabbitholePrompt'],
    ['Stay on track', 'rabbitholePrompt'],
    ['Return to session', 'inRabbithole'],
  ] as const)('after %s focus is in the answer box', async (name, fixture) => {
    const user = userEvent.setup();
    const session = await openSession({ fixture });
    renderWithClient(<Screen />, { client: session.client });
    await user.click(screen.getByRole('button', { name }));
    expect(document.activeElement).toBe(answerBox());
  });

  test('closing the completion overlay gives focus to the answer box', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'overlay' });
    renderWithClient(<Screen />, { client: session.client });
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(answerBox());
  });

  test('an answer box disabled by a lost connection takes focus back once online', async () => {
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<Screen />, { client: session.client });
    expect(document.activeElement).toBe(answerBox());
    // A browser moves focus off a control that becomes disabled (happy-dom does not).
    act(() => answerBox().blur());
    await act(async () => session.transport.setOnline(false));
    expect(answerBox()).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(document.body);
    session.transport.setOnline(true);
    await act(async () => session.client.retry());
    await waitFor(() => expect(answerBox()).toHaveProperty('disabled', false));
    expect(document.activeElement).toBe(answerBox());
  });
});
