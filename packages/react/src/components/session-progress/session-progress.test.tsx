import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openSession } from '../../../test/session';
import type { TestSession } from '../../testing/create-test-session';
import { renderWithClient } from '../../../test/render';
import * as SessionProgress from './parts';
import { formatElapsed, toIsoDuration } from './use-elapsed-time';

const recall = (session: TestSession, recalledCount: number) =>
  act(() =>
    session.append('recall_point_recalled', {
      pointId: `point-${recalledCount}`,
      pointIndex: recalledCount - 1,
      recalledCount,
      totalPoints: 4,
    }),
  );

const exit = (session: TestSession, pointsRecalledDuring: number) =>
  act(() =>
    session.append('rabbithole_exited', {
      rabbitholeEventId: 'rabbithole-1',
      label: 'Autumn leaves',
      pointsRecalledDuring,
      completionPending: false,
    }),
  );

const itemStates = () =>
  Array.from(document.querySelectorAll('li[data-index]'), (item) =>
    item.getAttribute('data-state'),
  );

let vibrate: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'vibrate');
});

describe('SessionProgress', () => {
  test('one anonymous item per point, filled left to right by the displayed count', async () => {
    const session = await openSession({ fixture: 'recalled' });
    renderWithClient(<SessionProgress.Root />, { client: session.client });
    const group = screen.getByRole('group', { name: 'Session progress' });
    expect(group.getAttribute('data-state')).toBe('visible');
    expect(itemStates()).toEqual(['recalled', 'pending', 'pending', 'pending']);
    expect(screen.getByRole('listitem', { name: 'Point 1 of 4: recalled' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Point 2 of 4: not yet recalled' })).toBeTruthy();
    expect(screen.getByText('1 of 4 recalled')).toBeTruthy();
    // Nothing names the points themselves.
    expect(group.textContent).not.toMatch(/light|chlorophyll|oxygen|glucose/i);
  });

  test('hidden in a rabbit hole; forceMount keeps it with data-state="hidden"', async () => {
    const session = await openSession({ fixture: 'inRabbithole' });
    const { rerender } = renderWithClient(<SessionProgress.Root />, { client: session.client });
    expect(screen.queryByRole('group')).toBeNull();
    rerender(<SessionProgress.Root forceMount data-testid="bar" />);
    expect(screen.getByTestId('bar').getAttribute('data-state')).toBe('hidden');
  });

  test('recalls held back in a rabbit hole are replayed one by one, 150 ms apart, with a cue each', async () => {
    const session = await openSession({ fixture: 'inRabbithole' });
    renderWithClient(<SessionProgress.Root />, { client: session.client });
    await recall(session, 3);
    expect(screen.queryByRole('group')).toBeNull();
    vi.useFakeTimers();
    await exit(session, 2);
    expect(itemStates()).toEqual(['recalled', 'recalled', 'pending', 'pending']);
    expect(vibrate).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(149));
    expect(itemStates()).toEqual(['recalled', 'recalled', 'pending', 'pending']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(itemStates()).toEqual(['recalled', 'recalled', 'recalled', 'pending']);
    expect(vibrate).toHaveBeenCalledTimes(2);
    expect(vibrate).toHaveBeenCalledWith(50);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(vibrate).toHaveBeenCalledTimes(2);
  });

  test('under prefers-reduced-motion held-back recalls fill in at once, with one cue', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const session = await openSession({ fixture: 'inRabbithole' });
      renderWithClient(<SessionProgress.Root />, { client: session.client });
      await recall(session, 3);
      await exit(session, 2);
      expect(itemStates()).toEqual(['recalled', 'recalled', 'recalled', 'pending']);
      expect(vibrate).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('a live recall fills the next item at once and plays the cue (sound optional)', async () => {
    const sound = vi.fn();
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<SessionProgress.Root cue={{ sound }} />, { client: session.client });
    await recall(session, 1);
    expect(itemStates()).toEqual(['recalled', 'pending', 'pending', 'pending']);
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(sound).toHaveBeenCalledTimes(1);
  });

  test('under StrictMode each recall still cues exactly once', async () => {
    const session = await openSession({ fixture: 'inRabbithole' });
    renderWithClient(<SessionProgress.Root />, { client: session.client, strict: true });
    vi.useFakeTimers();
    await exit(session, 1);
    await recall(session, 3);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(itemStates()).toEqual(['recalled', 'recalled', 'recalled', 'pending']);
    expect(vibrate).toHaveBeenCalledTimes(2);
  });

  test('a resumed session shows its stored count at once, without cues', async () => {
    const session = await openSession({ fixture: 'returned' });
    renderWithClient(<SessionProgress.Root />, { client: session.client });
    expect(itemStates()).toEqual(['recalled', 'recalled', 'pending', 'pending']);
    expect(vibrate).not.toHaveBeenCalled();
  });

  test('the mute toggle silences the cue and is remembered in localStorage', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'idle' });
    const { unmount } = renderWithClient(<SessionProgress.Root />, { client: session.client });
    const toggle = screen.getByRole('button', { name: 'Mute recall cue' });
    expect(toggle.getAttribute('data-state')).toBe('unmuted');
    await user.click(toggle);
    // Name and visible text say the action the button takes next.
    expect(screen.getByRole('button', { name: 'Unmute recall cue' })).toBe(toggle);
    expect(toggle.textContent).toBe('Unmute recall cue');
    expect(toggle.getAttribute('data-state')).toBe('muted');
    expect(localStorage.getItem('recall:cue-muted')).toBe('true');
    await recall(session, 1);
    expect(vibrate).not.toHaveBeenCalled();
    unmount();

    renderWithClient(<SessionProgress.Root />, { client: session.client });
    expect(
      screen.getByRole('button', { name: 'Unmute recall cue' }).getAttribute('data-state'),
    ).toBe('muted');
  });

  test('the timer counts from the stored start (a reload or a second tab agrees) and stops when paused', async () => {
    const session = await openSession({ fixture: 'idle' });
    vi.useFakeTimers();
    // The session started before this client: the timer starts from the stored start.
    const { activeSince } = session.client.getSnapshot().session;
    expect(activeSince).not.toBeNull();
    const storedMs = Date.now() - (activeSince ?? 0);
    renderWithClient(<SessionProgress.Root />, { client: session.client });
    const timer = screen.getByRole('timer', { name: 'Elapsed time' });
    expect(timer.textContent).toBe(formatElapsed(storedMs));
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    expect(timer.textContent).toBe(formatElapsed(storedMs + 65_000));
    expect(timer.getAttribute('datetime')).toBe(toIsoDuration(storedMs + 65_000));
    // A second tab (another client of the same session) shows the same time.
    const second = renderWithClient(<SessionProgress.Root />, { client: session.client });
    expect(within(second.container).getByRole('timer').textContent).toBe(timer.textContent);
    second.unmount();
    await act(() =>
      session.append('session_paused', {
        sessionId: 'session-photosynthesis-1',
        recalledCount: 0,
        totalPoints: 4,
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(timer.textContent).toBe(formatElapsed(storedMs + 65_000));
    // The interval is gone, not just quiet: another minute changes nothing either. (Counting
    // every pending fake timer would also count the test client's own, which load may leave;
    // spying on the global setInterval leaks into the next file of a shared worker.)
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(timer.textContent).toBe(formatElapsed(storedMs + 65_000));
  });

  test('a completed session shows the duration of its summary', async () => {
    const session = await openSession({ fixture: 'overlay' });
    renderWithClient(<SessionProgress.Root />, { client: session.client });
    await act(() =>
      session.append('session_completed', {
        sessionId: 'session-photosynthesis-1',
        summary: {
          sessionId: 'session-photosynthesis-1',
          recalledCount: 4,
          totalPoints: 4,
          durationMs: 290_000,
          rabbitholeCount: 1,
          recalledPointIds: [],
        },
      }),
    );
    await vi.waitFor(() => expect(screen.getByRole('timer').textContent).toBe('04:50'));
  });

  test('explored rabbit holes appear as labelled pills', async () => {
    const session = await openSession({ fixture: 'returned' });
    renderWithClient(<SessionProgress.Root />, { client: session.client });
    const pills = screen.getByRole('list', { name: 'Explored topics' });
    expect(
      within(pills)
        .getAllByRole('listitem')
        .map((pill) => pill.textContent),
    ).toEqual(['Autumn leaves']);
  });

  test('every visible and announced string can be replaced', async () => {
    const session = await openSession({ fixture: 'returned' });
    renderWithClient(
      <SessionProgress.Root
        labels={{
          root: 'Fortschritt',
          item: ({ index, state }) => `Punkt ${index + 1} ${state}`,
          count: (count, total) => `${count}/${total}`,
          timer: 'Zeit',
          rabbitholeLabels: 'Exkurse',
          mute: 'Stumm',
        }}
      />,
      { client: session.client },
    );
    expect(screen.getByRole('group', { name: 'Fortschritt' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Punkt 2 recalled' })).toBeTruthy();
    expect(screen.getByText('2/4')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Zeit' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Exkurse' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stumm' })).toBeTruthy();
  });

  test('parts compose: custom items through a render function', async () => {
    const session = await openSession({ fixture: 'recalled' });
    renderWithClient(
      <SessionProgress.Root>
        <SessionProgress.Items>
          {(item) => <SessionProgress.Item key={item.index} index={item.index} className="dot" />}
        </SessionProgress.Items>
      </SessionProgress.Root>,
      { client: session.client },
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]?.className).toBe('dot');
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
