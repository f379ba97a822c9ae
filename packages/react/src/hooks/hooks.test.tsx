import type { ServerMessage } from '@recall/ws';
import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import * as Composer from '../components/composer/parts';
import * as SessionProgress from '../components/session-progress/parts';
import { RecallProvider } from '../provider/recall-provider';
import type { Throttle } from '../store/throttled-store';
import { type FixtureClient, createFixtureClient } from '../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../testing/recorded-session';
import { useCompletionOverlay } from './use-completion-overlay';
import { useConnectionState } from './use-connection-state';
import { useExchange } from './use-exchange';
import { useRabbithole } from './use-rabbithole';
import { useRecallActions } from './use-recall-actions';
import { useRecallProgress } from './use-recall-progress';
import { useRecallSelector } from './use-recall-selector';
import { useRecallSession } from './use-recall-session';

function wrapper(client: FixtureClient, throttleMs: Throttle = 0) {
  return ({ children }: { children: ReactNode }) => (
    <RecallProvider client={client} throttleMs={throttleMs}>
      {children}
    </RecallProvider>
  );
}

const chunk = (responseId: string, index: number, text = 'word '): ServerMessage => ({
  type: 'assistant_chunk',
  responseId,
  index,
  text,
});

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
  test('exposes the whole session view', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.returned, outbox: 2 });
    const { result } = renderHook(() => useRecallSession(), { wrapper: wrapper(client) });
    const session = result.current;
    expect(session).toMatchObject({
      sessionId: 'session-photosynthesis-1',
      status: 'active',
      connection: 'open',
      recalledCount: 2,
      displayedRecalledCount: 2,
      totalPoints: 4,
      recalledPointIds: ['point-light', 'point-chlorophyll'],
      isInRabbithole: false,
      rabbitholeTopic: null,
      rabbitholeLabels: ['Autumn leaves'],
      rabbitholePrompt: null,
      completionOverlay: null,
      streamingMessage: null,
      error: null,
      outbox: 2,
    });
    expect(session.nearMisses).toEqual([
      { pointId: 'point-chlorophyll', feedback: 'You have the colour; name the pigment.' },
    ]);
    expect(session.images.map((image) => image.resourceId)).toEqual(['image-leaf']);
    expect(session.resources.map((resource) => resource.title)).toEqual([
      'The photosynthesis equation',
    ]);
    expect(session.messages.map((message) => message.role)).toEqual([
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'assistant',
      'user',
      'assistant',
      'assistant',
    ]);
  });

  test('shows the streaming text, and only the actions the protocol has', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.streaming });
    const { result } = renderHook(() => useRecallSession(), { wrapper: wrapper(client) });
    expect(result.current.streamingMessage).toMatchObject({
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
    ]);
  });

  test('each action sends exactly its client message', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.rabbitholePrompt });
    const { result } = renderHook(() => useRecallSession(), { wrapper: wrapper(client) });
    act(() => {
      result.current.declineRabbithole();
    });
    act(() =>
      client.receive({
        type: 'rabbithole_detected',
        seq: 12,
        rabbitholeEventId: 'rabbithole-2',
        topic: 'Plant hormones',
        label: 'Hormones',
      }),
    );
    act(() => {
      result.current.enterRabbithole();
    });
    act(() => {
      result.current.exitRabbithole();
      result.current.dismissOverlay();
      result.current.leaveSession();
      result.current.retry();
    });
    let clientMessageId = '';
    act(() => {
      clientMessageId = result.current.sendMessage('Chlorophyll');
    });
    expect(client.sent).toEqual([
      { type: 'decline_rabbithole', clientMessageId: 'client-1' },
      {
        type: 'enter_rabbithole',
        rabbitholeEventId: 'rabbithole-2',
        topic: 'Plant hormones',
        clientMessageId: 'client-2',
      },
      { type: 'exit_rabbithole', clientMessageId: 'client-3' },
      { type: 'dismiss_overlay', clientMessageId: 'client-4' },
      { type: 'leave_session', clientMessageId: 'client-5' },
      { type: 'user_message', content: 'Chlorophyll', clientMessageId: 'client-6' },
    ]);
    expect(clientMessageId).toBe('client-6');
    expect(client.calls).toEqual(['retry']);
    // Optimistic: the learner's line shows at once, pending.
    expect(result.current.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'Chlorophyll',
      status: 'pending',
    });
  });

  test('actions keep their identity across renders and act on the latest state', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    const { result, rerender } = renderHook(() => useRecallSession(), {
      wrapper: wrapper(client),
    });
    const first = result.current;
    act(() => {
      client.receive(
        { type: 'user_message', seq: 3, content: 'Tell me about autumn', clientMessageId: 'x-1' },
        {
          type: 'rabbithole_detected',
          seq: 4,
          rabbitholeEventId: 'rabbithole-late',
          topic: 'Autumn colours',
          label: 'Autumn',
        },
      );
    });
    rerender();
    expect(result.current).not.toBe(first);
    expect(result.current.enterRabbithole).toBe(first.enterRabbithole);
    expect(result.current.sendMessage).toBe(first.sendMessage);
    // The action captured at first render still uses the prompt that arrived later.
    act(() => first.enterRabbithole());
    expect(client.sent).toEqual([
      {
        type: 'enter_rabbithole',
        rabbitholeEventId: 'rabbithole-late',
        topic: 'Autumn colours',
        clientMessageId: 'client-1',
      },
    ]);
  });

  test('a resumed replay of the same messages shows no duplicates', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
    const { result } = renderHook(() => useRecallSession(), { wrapper: wrapper(client) });
    const before = result.current.messages;
    act(() => client.receive(...SESSION_FIXTURES.recalled));
    expect(result.current.messages).toEqual(before);
    expect(result.current.recalledCount).toBe(1);
  });

  test('renders at most once per throttle window while text streams', async () => {
    vi.useFakeTimers();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useRecallSession();
      },
      { wrapper: wrapper(client, 50) },
    );
    const initialRenders = renders;
    act(() => {
      for (let index = 0; index < 200; index += 1) client.receive(chunk('response-live', index));
    });
    expect(renders).toBe(initialRenders);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(renders).toBe(initialRenders + 1);
    expect(result.current.streamingMessage?.content).toBe('word '.repeat(200));
  });
});

describe('focused hooks', () => {
  test('useRecallProgress does not render while text streams, and does on a recall', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useRecallProgress();
      },
      { wrapper: wrapper(client) },
    );
    const initialRenders = renders;
    act(() => {
      for (let index = 0; index < 300; index += 1) client.receive(chunk('response-live', index));
    });
    expect(renders).toBe(initialRenders);
    act(() =>
      client.receive({
        type: 'recall_point_recalled',
        seq: 3,
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

  test('useRecallProgress keeps recalls made in a rabbit hole hidden until the return', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.inRabbithole });
    const { result } = renderHook(() => useRecallProgress(), { wrapper: wrapper(client) });
    expect(result.current).toMatchObject({
      isInRabbithole: true,
      recalledCount: 2,
      displayedRecalledCount: 1,
    });
    act(() =>
      client.receive({
        type: 'rabbithole_exited',
        seq: 17,
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

  test('useRabbithole follows the prompt, the rabbit hole and its exit', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.rabbitholePrompt });
    const { result } = renderHook(() => useRabbithole(), { wrapper: wrapper(client) });
    expect(result.current.rabbitholePrompt).toEqual({
      rabbitholeEventId: 'rabbithole-1',
      topic: 'Why leaves change colour in autumn',
      label: 'Autumn leaves',
    });
    act(() => result.current.enterRabbithole());
    expect(result.current.rabbitholePrompt).toBeNull();
    act(() =>
      client.receive({
        type: 'rabbithole_entered',
        seq: 12,
        rabbitholeEventId: 'rabbithole-1',
        topic: 'Why leaves change colour in autumn',
        label: 'Autumn leaves',
      }),
    );
    expect(result.current).toMatchObject({
      isInRabbithole: true,
      rabbitholeTopic: 'Why leaves change colour in autumn',
    });
    act(() => result.current.exitRabbithole());
    expect(client.sent.map((message) => message.type)).toEqual([
      'enter_rabbithole',
      'exit_rabbithole',
    ]);
  });

  test('useCompletionOverlay defers an overlay that arrives in a rabbit hole until the return', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.inRabbithole });
    const { result } = renderHook(() => useCompletionOverlay(), { wrapper: wrapper(client) });
    act(() =>
      client.receive({
        type: 'session_complete_overlay',
        seq: 17,
        message: 'All recalled.',
        recalledCount: 4,
        totalPoints: 4,
        durationMs: 1000,
      }),
    );
    expect(result.current.isOpen).toBe(false);
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
    expect(result.current.isOpen).toBe(true);
    expect(result.current.completionOverlay?.message).toBe('All recalled.');
    act(() => result.current.dismissOverlay());
    expect(result.current.isOpen).toBe(false);
    expect(client.sent.map((message) => message.type)).toEqual(['dismiss_overlay']);
  });

  test('useConnectionState reports the connection, the error and retry', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.error });
    const { result } = renderHook(() => useConnectionState(), { wrapper: wrapper(client) });
    expect(result.current).toMatchObject({
      connection: 'open',
      status: 'active',
      error: { code: 'LLM_UNAVAILABLE', retryAfterMs: 5000 },
    });
    act(() => client.setConnection('reconnecting'));
    expect(result.current.connection).toBe('reconnecting');
    act(() => result.current.retry());
    expect(client.calls).toEqual(['retry']);
  });

  test('useRecallSelector skips renders its equality function calls equal', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useRecallSelector(
          (snapshot) => snapshot.state.messages.map((message) => message.role),
          (previous, next) => previous.join() === next.join(),
        );
      },
      { wrapper: wrapper(client) },
    );
    const first = result.current;
    const initialRenders = renders;
    act(() => client.receive(chunk('response-live', 0), chunk('response-live', 1)));
    expect(renders).toBe(initialRenders + 1); // a new assistant line appeared
    act(() => client.receive(chunk('response-live', 2), chunk('response-live', 3)));
    expect(renders).toBe(initialRenders + 1); // same roles: no render
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual(['assistant', 'assistant']);
  });
});

describe('useExchange', () => {
  test('walks showing_agent → awaiting_response → agent_streaming → showing_agent', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    const { result } = renderHook(() => useExchange(), { wrapper: wrapper(client) });
    expect(result.current).toMatchObject({
      phase: 'showing_agent',
      agentText: 'To start: what do plants need to make their food?',
      learnerMessage: null,
      isOpeningMessage: true,
    });
    act(() => {
      client.sendMessage('Light and water');
    });
    expect(result.current).toMatchObject({
      phase: 'awaiting_response',
      agentText: 'To start: what do plants need to make their food?',
      learnerMessage: { content: 'Light and water', status: 'pending' },
      isOpeningMessage: false,
    });
    // An empty first chunk shows nothing new: the learner's text stays.
    act(() => client.receive(chunk('response-2', 0, '')));
    expect(result.current.phase).toBe('awaiting_response');
    expect(result.current.learnerMessage?.content).toBe('Light and water');
    act(() => client.receive(chunk('response-2', 1, 'Good.')));
    expect(result.current).toMatchObject({
      phase: 'agent_streaming',
      agentText: 'Good.',
      learnerMessage: null,
    });
    act(() =>
      client.receive({
        type: 'assistant_complete',
        seq: 3,
        responseId: 'response-2',
        fullContent: 'Good. What else?',
        totalChunks: 2,
      }),
    );
    expect(result.current).toMatchObject({ phase: 'showing_agent', agentText: 'Good. What else?' });
  });

  test('before the first agent text it shows nothing, in showing_agent', () => {
    const client = createFixtureClient({ connection: 'connecting' });
    const { result } = renderHook(() => useExchange(), { wrapper: wrapper(client) });
    expect(result.current).toMatchObject({
      phase: 'showing_agent',
      agentMessage: null,
      agentText: '',
    });
  });
});

test('a component rendered outside the provider names itself in the error', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<SessionProgress.Root />)).toThrow(
    '`SessionProgress.Root` must be used within `RecallProvider`.',
  );
  const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
  expect(() =>
    render(
      <RecallProvider client={client}>
        <Composer.Input />
      </RecallProvider>,
    ),
  ).toThrow('`Composer.Input` must be used within `Composer.Root`.');
});
