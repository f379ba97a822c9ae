import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { chunk, commandsOf, openSession } from '../../test/session';
import { startReply, wrapper } from './hooks-test-helpers';
import { useCompletionOverlay } from './use-completion-overlay';
import { useConnectionState } from './use-connection-state';
import { useExchange } from './use-exchange';
import { useRabbithole } from './use-rabbithole';
import { useRecallProgress } from './use-recall-progress';
import { useRecallSelector } from './use-recall-selector';

// Outside the provider, and useRecallSession: hooks.test.tsx.

describe('focused hooks', () => {
  test('useRecallProgress does not render while text streams, and does on a recall', async () => {
    const session = await openSession({ fixture: 'idle' });
    await startReply(session, 'response-live');
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useRecallProgress();
      },
      { wrapper: wrapper(session) },
    );
    const initialRenders = renders;
    act(() => {
      for (let index = 0; index < 300; index += 1) session.emit(chunk('response-live', index));
    });
    expect(renders).toBe(initialRenders);
    await act(() =>
      session.append('recall_point_recalled', {
        pointId: 'point-light',
        pointIndex: 0,
        recalledCount: 1,
        totalPoints: 4,
      }),
    );
    expect(renders).toBe(initialRenders + 1);
    expect(result.current).toMatchObject({
      recalledCount: 1,
      displayedRecalledCount: 1,
      totalPoints: 4,
    });
  });

  test('useRecallProgress keeps recalls made in a rabbit hole hidden until the return', async () => {
    const session = await openSession({ fixture: 'inRabbithole' });
    const { result } = renderHook(() => useRecallProgress(), { wrapper: wrapper(session) });
    expect(result.current).toMatchObject({
      isInRabbithole: true,
      recalledCount: 2,
      displayedRecalledCount: 1,
    });
    await act(() =>
      session.append('rabbithole_exited', {
        rabbitholeEventId: 'rabbithole-1',
        label: 'Autumn leaves',
        pointsRecalledDuring: 1,
        completionPending: false,
      }),
    );
    expect(result.current).toMatchObject({
      isInRabbithole: false,
      displayedRecalledCount: 2,
      rabbitholeLabels: ['Autumn leaves'],
    });
  });

  test('useRabbithole follows the prompt, the rabbit hole and its exit', async () => {
    const session = await openSession({ fixture: 'rabbitholePrompt' });
    const { result } = renderHook(() => useRabbithole(), { wrapper: wrapper(session) });
    expect(result.current.rabbitholePrompt).toEqual({
      rabbitholeEventId: 'rabbithole-1',
      topic: 'Why leaves change colour in autumn',
      label: 'Autumn leaves',
    });
    act(() => result.current.enterRabbithole());
    // Answered: hidden at once, while the command is on its way.
    expect(result.current.rabbitholePrompt).toBeNull();
    await waitFor(() =>
      expect(result.current).toMatchObject({
        isInRabbithole: true,
        rabbitholeTopic: 'Why leaves change colour in autumn',
      }),
    );
    act(() => result.current.exitRabbithole());
    expect(commandsOf(session).map((message) => message.type)).toEqual([
      'enter_rabbithole',
      'exit_rabbithole',
    ]);
  });

  test('useCompletionOverlay: an overlay waits for the rabbit hole’s exit; dismissing it is kept', async () => {
    const session = await openSession({ fixture: 'inRabbithole' });
    const { result } = renderHook(() => useCompletionOverlay(), { wrapper: wrapper(session) });
    expect(result.current.isOpen).toBe(false);
    await act(() =>
      session.append('rabbithole_exited', {
        rabbitholeEventId: 'rabbithole-1',
        label: 'Autumn leaves',
        pointsRecalledDuring: 1,
        completionPending: true,
      }),
    );
    await act(() =>
      session.append('session_complete_overlay', {
        message: 'All recalled.',
        recalledCount: 4,
        totalPoints: 4,
        durationMs: 1000,
      }),
    );
    expect(result.current.isOpen).toBe(true);
    expect(result.current.completionOverlay?.message).toBe('All recalled.');
    act(() => result.current.dismissOverlay());
    expect(result.current.isOpen).toBe(false);
    expect(commandsOf(session).map((message) => message.type)).toEqual(['dismiss_overlay']);
  });

  test('useConnectionState reports the connection, the error and retry', async () => {
    const session = await openSession({ fixture: 'error' });
    const { result } = renderHook(() => useConnectionState(), { wrapper: wrapper(session) });
    expect(result.current).toMatchObject({
      connection: 'open',
      status: 'active',
      error: { code: 'LLM_UNAVAILABLE', retryAfterMs: 5000 },
    });
    await act(async () => session.transport.setOnline(false));
    expect(result.current.connection).toBe('reconnecting');
    session.transport.setOnline(true);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.connection).toBe('open'));
  });

  test('useRecallSelector skips renders its equality function calls equal', async () => {
    const session = await openSession({ fixture: 'idle' });
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useRecallSelector(
          (snapshot) => snapshot.timeline.map((item) => item.kind),
          (previous, next) => previous.join() === next.join(),
        );
      },
      { wrapper: wrapper(session) },
    );
    const first = result.current;
    const initialRenders = renders;
    await startReply(session, 'response-live');
    expect(renders).toBe(initialRenders + 1); // a new agent line appeared
    act(() => {
      session.emit(chunk('response-live', 0));
      session.emit(chunk('response-live', 1));
    });
    expect(renders).toBe(initialRenders + 1); // same kinds: no render
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual(['message', 'message']);
  });
});

describe('useExchange', () => {
  test('walks showing_agent → awaiting_response → agent_streaming → showing_agent', async () => {
    const session = await openSession({ fixture: 'idle' });
    const { result } = renderHook(() => useExchange(), { wrapper: wrapper(session) });
    expect(result.current).toMatchObject({
      phase: 'showing_agent',
      agentText: 'To start: what do plants need to make their food?',
      learnerMessage: null,
      isOpeningMessage: true,
    });
    await act(() =>
      session.append('user_message', { content: 'Light and water', clientMessageId: 'x-1' }),
    );
    expect(result.current).toMatchObject({
      phase: 'awaiting_response',
      agentText: 'To start: what do plants need to make their food?',
      learnerMessage: { content: 'Light and water', status: 'sent' },
      isOpeningMessage: false,
    });
    await startReply(session, 'response-2');
    // An empty first chunk shows nothing new: the learner's text stays.
    act(() => session.emit(chunk('response-2', 0, '')));
    expect(result.current.phase).toBe('awaiting_response');
    expect(result.current.learnerMessage?.content).toBe('Light and water');
    act(() => session.emit(chunk('response-2', 1, 'Good.')));
    expect(result.current).toMatchObject({
      phase: 'agent_streaming',
      agentText: 'Good.',
      learnerMessage: null,
    });
    await act(() =>
      session.append(
        'assistant_streaming_end',
        { responseId: 'response-2', fullContent: 'Good. What else?', totalChunks: 2 },
        { responseId: 'response-2' },
      ),
    );
    expect(result.current).toMatchObject({ phase: 'showing_agent', agentText: 'Good. What else?' });
  });

  test('before the first agent text it shows nothing, in showing_agent', async () => {
    const session = await openSession({ fixture: 'connecting', connection: 'connecting' });
    const { result } = renderHook(() => useExchange(), { wrapper: wrapper(session) });
    expect(result.current).toMatchObject({
      phase: 'showing_agent',
      agentMessage: null,
      agentText: '',
    });
  });
});
