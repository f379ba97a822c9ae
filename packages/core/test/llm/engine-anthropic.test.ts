import {
  type EngineFeedItem,
  type RecallEngine,
  type SessionEvent,
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
} from '@recall/core';
import type { TokenUsage } from '../../src/events/catalog';
import { addUsage } from '../../src/llm/llm-adapter';
import type { MessagesApiReply, RecordedMessagesRequest } from '@recall/core/testing/msw';
import { afterEach, describe, expect, test } from 'vitest';
import { testLLM, useMessagesApi } from './use-messages-api';

// The real engine over the real Anthropic adapter, with the Messages API imitated by msw.
const api = useMessagesApi();

const RECALL_SET = defineRecallSet({
  id: 'set-cell',
  name: 'Cell energy',
  points: [
    { id: 'p1', content: 'ATP synthase makes ATP', context: 'An enzyme in the inner membrane.' },
    { id: 'p2', content: 'Glycolysis splits glucose', context: 'Happens in the cytoplasm.' },
  ],
});

type CallKind = 'tutor' | 'evaluator' | 'detector';

function kindOf(request: RecordedMessagesRequest): CallKind {
  const format = request.body.output_config as
    | { format?: { schema?: { properties?: Record<string, unknown> } } }
    | undefined;
  const properties = format?.format?.schema?.properties;
  if (properties === undefined) return 'tutor';
  return 'isRabbithole' in properties ? 'detector' : 'evaluator';
}

const NOTHING_RECALLED: MessagesApiReply = { type: 'json', value: { points: [] } };
const NO_TANGENT: MessagesApiReply = {
  type: 'json',
  value: {
    isRabbithole: false,
    topic: '',
    label: '',
    relatedPointIds: [],
    certainty: 0.1,
    reasoning: 'On topic.',
  },
};

/** Scripts the API: tutor replies in order; judges from their own queues (defaults: nothing found). */
function mockApi(script: { tutor: MessagesApiReply[]; evaluator?: MessagesApiReply[] }) {
  const queues: Record<CallKind, MessagesApiReply[]> = {
    tutor: [...script.tutor],
    evaluator: [...(script.evaluator ?? [])],
    detector: [],
  };
  const fallback: Record<CallKind, MessagesApiReply> = {
    tutor: { type: 'error', status: 500, message: 'No tutor reply scripted.' },
    evaluator: NOTHING_RECALLED,
    detector: NO_TANGENT,
  };
  const mock = api.mock({
    replies: (request) => {
      const kind = kindOf(request);
      return queues[kind].shift() ?? fallback[kind];
    },
  });
  return { requestsOf: (kind: CallKind) => mock.requests.filter((r) => kindOf(r) === kind) };
}

let engine: RecallEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

/** Starts a session, subscribes to its feed and waits for the opening question. */
async function startSession() {
  const storage = createMemoryStorage();
  await storage.saveRecallSet(RECALL_SET);
  engine = createRecallEngine({ storage, llm: testLLM({ maxRetries: 1 }) });
  const { sessionId } = await engine.startSession(RECALL_SET.id);
  const feed: EngineFeedItem[] = [];
  engine.subscribe(sessionId, { afterSeq: 0 }, (item) => feed.push(item));
  await engine.whenIdle(sessionId);
  const running = engine;
  return {
    storage,
    sessionId,
    feed,
    errors: () => feed.flatMap((item) => (item.kind === 'error' ? [item.error] : [])),
    async say(content: string, clientMessageId: string) {
      const result = await running.sendUserMessage(sessionId, content, { clientMessageId });
      await running.whenIdle(sessionId);
      return result;
    },
    /** The stored events after `seq`. */
    async after(seq: number): Promise<SessionEvent[]> {
      return storage.read(sessionId, { afterSeq: seq });
    },
  };
}

const OPENING: MessagesApiReply = { type: 'text', text: 'What powers the cell?' };

describe('the engine over the Anthropic adapter: faults', () => {
  test('a 401 on the tutor call: LLM_AUTH error item, the message kept, the session usable', async () => {
    const calls = mockApi({
      tutor: [
        OPENING,
        { type: 'error', status: 401, message: 'invalid x-api-key' },
        { type: 'text', text: 'Which enzyme makes it?' },
      ],
    });
    const session = await startSession();
    const head = (await session.after(0)).length;

    const sent = await session.say('Something about ATP', 'm-1');
    expect(sent.status).toBe('accepted');
    expect(session.errors()).toEqual([
      expect.objectContaining({ code: 'LLM_AUTH', retryable: false, clientMessageId: 'm-1' }),
    ]);
    const failed = await session.after(head);
    expect(failed.map((event) => [event.type, event.data])).toEqual([
      ['user_message', { content: 'Something about ATP', clientMessageId: 'm-1' }],
      ['assistant_streaming_start', expect.objectContaining({ agent: 'tutor' })],
      ['assistant_streaming_end', expect.objectContaining({ fullContent: '', totalChunks: 0 })],
      ['assistant_message', expect.objectContaining({ content: '', interrupted: true })],
    ]);
    // Not retried: a client error would fail the same way again.
    expect(calls.requestsOf('tutor')).toHaveLength(2);

    await session.say('Something about ATP', 'm-2');
    const retried = await session.after(head + failed.length);
    const reply = retried.find((event) => event.type === 'assistant_message');
    expect(reply?.data).toMatchObject({ content: 'Which enzyme makes it?', agent: 'tutor' });
    expect(reply?.data).not.toHaveProperty('interrupted');
    expect(session.errors()).toHaveLength(1);
    expect((await engine!.getSessionState(session.sessionId)).status).toBe('in_progress');
  });

  test('a stream cut off mid-response: partial text ended and marked interrupted, retry gets a full reply', async () => {
    const calls = mockApi({
      tutor: [
        OPENING,
        { type: 'text', text: ['Think about ', 'the membrane'], end: { type: 'disconnect' } },
        { type: 'text', text: 'Which enzyme sits in that membrane?' },
      ],
    });
    const session = await startSession();
    const head = (await session.after(0)).length;
    const deltasBefore = session.feed.filter((item) => item.kind === 'delta').length;

    await session.say('The mitochondria?', 'm-1');
    const broken = await session.after(head);
    expect(broken.map((event) => event.type)).toEqual([
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(broken[0]!.data).toEqual({ content: 'The mitochondria?', clientMessageId: 'm-1' });
    expect(broken[2]!.data).toMatchObject({
      fullContent: 'Think about the membrane',
      totalChunks: 2,
    });
    expect(broken[3]!.data).toMatchObject({
      content: 'Think about the membrane',
      agent: 'tutor',
      interrupted: true,
    });
    // The evaluator still ran on the learner's message; its usage is kept with the response.
    expect(broken[3]!.data).toHaveProperty('judgeUsage');
    const deltas = session.feed.flatMap((item) => (item.kind === 'delta' ? [item] : []));
    expect(deltas.slice(deltasBefore).map((item) => item.delta.text)).toEqual([
      'Think about ',
      'the membrane',
    ]);
    expect(session.errors()).toEqual([
      expect.objectContaining({ code: 'LLM_INTERRUPTED', clientMessageId: 'm-1' }),
    ]);
    // Text had streamed: no silent retry.
    expect(calls.requestsOf('tutor')).toHaveLength(2);

    await session.say('The mitochondria?', 'm-2');
    const retry = await session.after(head + broken.length);
    expect(retry.map((event) => event.type)).toEqual([
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(retry[3]!.data).toMatchObject({
      content: 'Which enzyme sits in that membrane?',
      agent: 'tutor',
    });
    expect(retry[3]!.data).not.toHaveProperty('interrupted');
    expect(session.errors()).toHaveLength(1);
  });
});

describe('the engine over the Anthropic adapter: usage', () => {
  test('usage from the API is stored per response and summed into the session summary', async () => {
    const openingUsage = {
      inputTokens: 1200,
      outputTokens: 9,
      cacheReadTokens: 0,
      cacheWriteTokens: 1100,
    };
    const replyUsage = {
      inputTokens: 80,
      outputTokens: 14,
      cacheReadTokens: 1100,
      cacheWriteTokens: 40,
    };
    const judgeUsage = {
      inputTokens: 300,
      outputTokens: 60,
      cacheReadTokens: 250,
      cacheWriteTokens: 0,
    };
    const verdict = (pointId: string, evidence: string) => ({
      pointId,
      recalled: true,
      nearMiss: false,
      missing: '',
      certainty: 0.95,
      attempted: true,
      evidence,
    });
    mockApi({
      tutor: [
        { ...OPENING, usage: openingUsage },
        { type: 'text', text: 'Anything else about glucose?', usage: replyUsage },
      ],
      evaluator: [
        {
          type: 'json',
          value: {
            points: [
              verdict('p1', 'ATP synthase makes ATP'),
              verdict('p2', 'glycolysis splits glucose'),
            ],
          },
          usage: judgeUsage,
        },
      ],
    });
    const session = await startSession();
    await session.say('ATP synthase makes ATP and glycolysis splits glucose', 'm-1');
    const events = await session.after(0);
    const messages = events.flatMap((event) =>
      event.type === 'assistant_message' ? [event.data] : [],
    );
    expect(messages.map((message) => message.usage)).toEqual([openingUsage, replyUsage]);
    expect(messages[1]!.judgeUsage).toEqual(judgeUsage);
    expect(events.filter((event) => event.type === 'recall_point_recalled')).toHaveLength(2);

    await engine!.leaveSession(session.sessionId);
    const completed = (await session.after(events.length)).flatMap((event) =>
      event.type === 'session_completed' ? [event.data.summary] : [],
    );
    const total: TokenUsage = [openingUsage, replyUsage, judgeUsage].reduce(addUsage);
    expect(completed).toEqual([
      expect.objectContaining({ recalledCount: 2, totalPoints: 2, usage: total }),
    ]);
    const cost = completed[0]!.estimatedCostUsd;
    expect(cost).toBeGreaterThan(0);
  });
});
