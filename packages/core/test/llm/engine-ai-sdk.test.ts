import {
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
  type EngineFeedItem,
  type RecallEngine,
  type SessionEvent,
} from '@recall/core';
import type {
  ChatCompletionsReply,
  RecordedChatCompletionsRequest,
} from '@recall/core/testing/openai';
import { afterEach, describe, expect, test } from 'vitest';
import { type StandIn, useChatCompletions } from './use-chat-completions';

// The real engine over the AI SDK adapter, the provider imitated by a local HTTP server
// speaking Chat Completions, driven through @ai-sdk/openai-compatible.
const api = useChatCompletions();

const RECALL_SET = defineRecallSet({
  id: 'set-cell',
  name: 'Cell energy',
  points: [
    { id: 'p1', content: 'ATP synthase makes ATP', context: 'An enzyme in the inner membrane.' },
    { id: 'p2', content: 'Glycolysis splits glucose', context: 'Happens in the cytoplasm.' },
  ],
});

type CallKind = 'tutor' | 'evaluator' | 'detector';

function kindOf(request: RecordedChatCompletionsRequest): CallKind {
  switch (request.body.response_format?.json_schema?.name) {
    case 'evaluation':
      return 'evaluator';
    case 'rabbithole_detection':
      return 'detector';
    default:
      return 'tutor';
  }
}

const NOTHING_RECALLED: ChatCompletionsReply = { type: 'json', value: { points: [] } };
const NO_TANGENT: ChatCompletionsReply = {
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

function verdict(pointId: string, evidence: string) {
  return {
    pointId,
    recalled: true,
    nearMiss: false,
    missing: '',
    certainty: 0.95,
    attempted: true,
    evidence,
  };
}

/** Scripts the stand-in: each kind from its own queue, with defaults when a queue is empty. */
async function mockApi(script: {
  tutor: ChatCompletionsReply[];
  evaluator?: ChatCompletionsReply[];
  evaluatorFallback?: ChatCompletionsReply;
}) {
  const queues: Record<CallKind, ChatCompletionsReply[]> = {
    tutor: [...script.tutor],
    evaluator: [...(script.evaluator ?? [])],
    detector: [],
  };
  const fallback: Record<CallKind, ChatCompletionsReply> = {
    tutor: { type: 'error', status: 500, message: 'No tutor reply scripted.' },
    evaluator: script.evaluatorFallback ?? NOTHING_RECALLED,
    detector: NO_TANGENT,
  };
  const standIn = await api.mock({
    replies: (request) => {
      const kind = kindOf(request);
      return queues[kind].shift() ?? fallback[kind];
    },
  });
  return {
    standIn,
    requestsOf: (kind: CallKind) => standIn.requests.filter((r) => kindOf(r) === kind),
  };
}

let engine: RecallEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

async function startSession(standIn: StandIn) {
  const storage = createMemoryStorage();
  await storage.saveRecallSet(RECALL_SET);
  engine = createRecallEngine({ storage, llm: standIn.llm({ maxRetries: 1 }) });
  const { sessionId } = await engine.startSession(RECALL_SET.id);
  const feed: EngineFeedItem[] = [];
  engine.subscribe(sessionId, { afterSeq: 0 }, (item) => feed.push(item));
  await engine.whenIdle(sessionId);
  const running = engine;
  return {
    sessionId,
    errors: () => feed.flatMap((item) => (item.kind === 'error' ? [item.error] : [])),
    async say(content: string, clientMessageId: string) {
      const result = await running.sendUserMessage(sessionId, content, { clientMessageId });
      await running.whenIdle(sessionId);
      return result;
    },
    after: (seq: number): Promise<SessionEvent[]> => storage.read(sessionId, { afterSeq: seq }),
  };
}

const OPENING: ChatCompletionsReply = { type: 'text', text: 'What powers the cell?' };
const GARBAGE: ChatCompletionsReply = { type: 'json', raw: 'I think the learner did well!' };

describe('the engine over the AI SDK adapter', () => {
  test('a judge that keeps failing its schema: each turn reports LLM_OUTPUT_INVALID, the tutor still answers, the session stays usable', async () => {
    const calls = await mockApi({
      tutor: [
        OPENING,
        { type: 'text', text: 'Say more about that enzyme.' },
        { type: 'text', text: 'Where does it sit?' },
        { type: 'text', text: 'Right. And glucose?' },
      ],
      evaluator: [GARBAGE, GARBAGE, GARBAGE, GARBAGE],
      evaluatorFallback: {
        type: 'json',
        value: { points: [verdict('p1', 'ATP synthase makes ATP')] },
      },
    });
    const session = await startSession(calls.standIn);

    await session.say('ATP synthase does something', 'm-1');
    await session.say('It is in the membrane', 'm-2');
    const invalid = session.errors().filter((error) => error.code === 'LLM_OUTPUT_INVALID');
    expect(invalid.map((error) => error.clientMessageId)).toEqual(['m-1', 'm-2']);
    expect(invalid[0]).toMatchObject({ retryable: true });
    expect(session.errors()).toHaveLength(2);
    // One request and one repair per turn: never a silent stall, never an endless loop.
    expect(calls.requestsOf('evaluator')).toHaveLength(4);
    const failedTurns = await session.after(0);
    expect(
      failedTurns.flatMap((event) =>
        event.type === 'assistant_message' ? [event.data.content] : [],
      ),
    ).toEqual(['What powers the cell?', 'Say more about that enzyme.', 'Where does it sit?']);
    expect(failedTurns.some((event) => event.type === 'recall_point_recalled')).toBe(false);

    // The judge answers properly again: the same session goes on and recalls the point.
    await session.say('ATP synthase makes ATP', 'm-3');
    const next = await session.after(failedTurns.at(-1)!.seq);
    expect(next.map((event) => event.type)).toContain('recall_point_recalled');
    expect(next.find((event) => event.type === 'assistant_message')?.data).toMatchObject({
      content: 'Right. And glucose?',
    });
    expect(session.errors()).toHaveLength(2);
    expect((await engine!.getSessionState(session.sessionId)).status).toBe('in_progress');
  });

  test('a stream cut off mid-response: partial text kept and marked interrupted; the retry gets a full reply', async () => {
    const calls = await mockApi({
      tutor: [
        OPENING,
        { type: 'text', text: ['Think about ', 'the membrane'], end: { type: 'disconnect' } },
        { type: 'text', text: 'Which enzyme sits in that membrane?' },
      ],
    });
    const session = await startSession(calls.standIn);
    const head = (await session.after(0)).length;

    await session.say('The mitochondria?', 'm-1');
    const broken = await session.after(head);
    expect(broken.map((event) => event.type)).toEqual([
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(broken[3]!.data).toMatchObject({
      content: 'Think about the membrane',
      interrupted: true,
    });
    expect(session.errors()).toEqual([
      expect.objectContaining({ code: 'LLM_INTERRUPTED', clientMessageId: 'm-1' }),
    ]);
    expect(calls.requestsOf('tutor')).toHaveLength(2);

    await session.say('The mitochondria?', 'm-2');
    const retry = await session.after(head + broken.length);
    expect(retry.find((event) => event.type === 'assistant_message')?.data).toMatchObject({
      content: 'Which enzyme sits in that membrane?',
    });
  });

  test('a context too long on the tutor call: a typed, non-retryable error and the session goes on', async () => {
    const calls = await mockApi({
      tutor: [
        OPENING,
        {
          type: 'error',
          status: 400,
          code: 'context_length_exceeded',
          message: "This model's maximum context length is 8192 tokens.",
        },
        { type: 'text', text: 'Go on.' },
      ],
    });
    const session = await startSession(calls.standIn);
    await session.say('A long answer', 'm-1');
    expect(session.errors()).toEqual([
      expect.objectContaining({ code: 'LLM_CONTEXT_TOO_LONG', retryable: false }),
    ]);
    expect(calls.requestsOf('tutor')).toHaveLength(2);
    await session.say('A shorter answer', 'm-2');
    expect(session.errors()).toHaveLength(1);
    expect(calls.requestsOf('tutor')).toHaveLength(3);
  });

  test('usage from the provider is stored per response and summed into the summary', async () => {
    const calls = await mockApi({
      tutor: [
        { ...OPENING, usage: { promptTokens: 1200, completionTokens: 9, cachedTokens: 0 } },
        {
          type: 'text',
          text: 'Anything else about glucose?',
          usage: { promptTokens: 1300, completionTokens: 14, cachedTokens: 1152 },
        },
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
          usage: { promptTokens: 300, completionTokens: 60, cachedTokens: 0 },
        },
      ],
    });
    const session = await startSession(calls.standIn);
    await session.say('ATP synthase makes ATP and glycolysis splits glucose', 'm-1');
    const events = await session.after(0);
    const messages = events.flatMap((event) =>
      event.type === 'assistant_message' ? [event.data] : [],
    );
    expect(messages.map((message) => message.usage)).toEqual([
      { inputTokens: 1200, outputTokens: 9, cacheReadTokens: 0, cacheWriteTokens: 0 },
      { inputTokens: 148, outputTokens: 14, cacheReadTokens: 1152, cacheWriteTokens: 0 },
    ]);
    expect(messages[1]!.judgeUsage).toMatchObject({ inputTokens: 300, outputTokens: 60 });
    expect(events.filter((event) => event.type === 'recall_point_recalled')).toHaveLength(2);
    await engine!.leaveSession(session.sessionId);
    const summary = (await session.after(events.length)).flatMap((event) =>
      event.type === 'session_completed' ? [event.data.summary] : [],
    )[0];
    expect(summary?.estimatedCostUsd).toBeGreaterThan(0);
  });
});
