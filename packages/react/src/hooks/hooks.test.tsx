import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { chunk, commandsOf, openSession } from '../../test/session';
import * as Composer from '../components/composer/parts';
import * as SessionProgress from '../components/session-progress/parts';
import { RecallProvider } from '../provider/recall-provider';
import { startReply, wrapper } from './hooks-test-helpers';
import { useCompletionOverlay } from './use-completion-overlay';
import { useConnectionState } from './use-connection-state';
import { useExchange } from './use-exchange';
import { useRabbithole } from './use-rabbithole';
import { useRecallActions } from './use-recall-actions';
import { useRecallMessages, useRecallTimeline } from './use-recall-messages';
import { useRecallProgress } from './use-recall-progress';
import { useRecallSelector } from './use-recall-selector';
import { useRecallSession } from './use-recall-session';

// The focused hooks and useExchange: focused-hooks.test.tsx.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('outside RecallProvider', () => {
  test('each hook throws an error naming itself and the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const hooks = {
      useRecallSession,
      useRecallProgress,
      useRabbithole,
      useCompletionOverlay,
      useConnectionState,
      useExchange,
      useRecallActions,
      useRecallMessages,
      useRecallTimeline,
    };
    for (const [name, hook] of Object.entries(hooks)) {
      expect(() => renderHook(() => hook())).toThrow(
        `\`${name}\` must be used within \`RecallProvider\`.`,
      );
    }
    expect(() => renderHook(() => useRecallSelector((snapshot) => snapshot.outbox))).toThrow(
      '`useRecallSelector` must be used within `RecallProvider`.',
    );
  });
});

describe('useRecallSession', () => {
  test('is the client snapshot itself, with the actions: no second vocabulary', async () => {
    const session = await openSession({ fixture: 'returned' });
    const { result } = renderHook(() => useRecallSession(), { wrapper: wrapper(session) });
    const { sendMessage: _send, ...snapshotPart } = result.current;
    expect(snapshotPart).toMatchObject(session.client.getSnapshot());
    expect(result.current).toMatchObject({
      status: 'active',
      connection: 'open',
      displayedRecalledCount: 2,
      rabbitholePrompt: null,
      completionOverlay: null,
      lastError: null,
    });
    expect(result.current.session).toMatchObject({
      sessionId: 'session-photosynthesis-1',
      totalPoints: 4,
      recalledPointIds: ['point-light', 'point-chlorophyll'],
      mode: 'recall',
    });
    // One timeline, in log order: the image and resource where the log put them.
    expect(
      result.current.timeline.map((item) => (item.kind === 'message' ? item.role : item.kind)),
    ).toEqual([
      'assistant',
      'user',
      'assistant',
      'user',
      'near_miss',
      'assistant',
      'user',
      'assistant',
      'rabbithole_entered',
      'assistant',
      'user',
      // The reply started streaming before the recall that showed the image and resource.
      'assistant',
      'image',
      'resource',
      'rabbithole_exited',
      'assistant',
    ]);
  });

  test('shows the streaming text, and only the actions the protocol has', async () => {
    const session = await openSession({ fixture: 'streaming' });
    const { result } = renderHook(() => useRecallSession(), { wrapper: wrapper(session) });
    expect(result.current.timeline.at(-1)).toMatchObject({
      role: 'assistant',
      status: 'streaming',
      content: 'Right. And which pigment captures ',
    });
    const actions = Object.entries(result.current)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    expect(actions).toEqual([
      'declineRabbithole',
      'dismissOverlay',
      'enterRabbithole',
      'exitRabbithole',
      'leaveSession',
      'retry',
      'sendMessage',
      'setDraft',
    ]);
  });

  test('each action sends exactly its client message', async () => {
    const session = await openSession({ fixture: 'rabbitholePrompt' });
    const { result } = renderHook(() => useRecallSession(), { wrapper: wrapper(session) });
    act(() => result.current.declineRabbithole());
    await waitFor(() => expect(session.client.getSnapshot().outbox).toBe(0));
    await act(() =>
      session.append('rabbithole_detected', {
        rabbitholeEventId: 'rabbithole-2',
        topic: 'Plant hormones',
        label: 'Hormones',
        triggerMessageContent: 'hormones?',
      }),
    );
    act(() => result.current.enterRabbithole());
    act(() => {
      result.current.exitRabbithole();
      result.current.dismissOverlay();
      result.current.leaveSession();
    });
    let clientMessageId = '';
    act(() => {
      clientMessageId = result.current.sendMessage('Chlorophyll');
    });
    // One command in flight at a time; the rest wait in the outbox, in order.
    expect(commandsOf(session)[1]).toEqual({
      type: 'enter_rabbithole',
      rabbitholeEventId: 'rabbithole-2',
      topic: 'Plant hormones',
    });
    expect(result.current.outbox).toBeGreaterThan(0);
    // Optimistic: the learner's line shows at once, pending.
    expect(result.current.timeline.at(-1)).toMatchObject({
      role: 'user',
      content: 'Chlorophyll',
      status: 'pending',
      clientMessageId,
    });
    await waitFor(() => expect(result.current.outbox).toBe(0));
    expect(commandsOf(session).map((command) => command.type)).toEqual([
      'decline_rabbithole',
      'enter_rabbithole',
      'exit_rabbithole',
      'dismiss_overlay',
      'leave_session',
      'user_message',
    ]);
  });

  test('actions keep their identity across renders and act on the latest state', async () => {
    const session = await openSession({ fixture: 'idle' });
    const { result, rerender } = renderHook(() => useRecallSession(), {
      wrapper: wrapper(session),
    });
    const first = result.current;
    await act(() =>
      session.append('rabbithole_detected', {
        rabbitholeEventId: 'rabbithole-late',
        topic: 'Autumn colours',
        label: 'Autumn',
        triggerMessageContent: 'autumn?',
      }),
    );
    rerender();
    expect(result.current).not.toBe(first);
    expect(result.current.enterRabbithole).toBe(first.enterRabbithole);
    expect(result.current.sendMessage).toBe(first.sendMessage);
    // The action captured at first render still uses the prompt that arrived later.
    act(() => first.enterRabbithole());
    expect(commandsOf(session)).toEqual([
      { type: 'enter_rabbithole', rabbitholeEventId: 'rabbithole-late', topic: 'Autumn colours' },
    ]);
  });

  test('renders at most once per throttle window while text streams', async () => {
    const session = await openSession({ fixture: 'recalled' });
    await startReply(session, 'response-live');
    vi.useFakeTimers();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useRecallSession();
      },
      { wrapper: wrapper(session, 50) },
    );
    const initialRenders = renders;
    act(() => {
      for (let index = 0; index < 200; index += 1) session.emit(chunk('response-live', index));
    });
    expect(renders).toBe(initialRenders);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(renders).toBe(initialRenders + 1);
    expect(
      result.current.timeline.at(-1)?.kind === 'message' && result.current.timeline.at(-1),
    ).toMatchObject({
      content: 'word '.repeat(200),
      status: 'streaming',
    });
  });
});

test('a component rendered outside the provider names itself in the error', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<SessionProgress.Root />)).toThrow(
    '`SessionProgress.Root` must be used within `RecallProvider`.',
  );
  const session = await openSession({ fixture: 'idle' });
  expect(() =>
    render(
      <RecallProvider client={session.client}>
        <Composer.Input />
      </RecallProvider>,
    ),
  ).toThrow('`Composer.Input` must be used within `Composer.Root`.');
});
