import type { SessionEvent } from '@recall/core';
import { parseSessionLog } from '@recall/core/storage/log';
import {
  type ChatCompletionsReply,
  type ChatCompletionsServer,
  type RecordedChatCompletionsRequest,
  startChatCompletionsServer,
} from '@recall/core/testing/openai';
import { createRecallClient, type RecallClient } from '@recall/ws';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { WebSocket } from 'ws';
import { type DemoProcess, startDemoProcess } from '../../e2e/support/demo-process';

// The demo as a host runs it against a local OpenAI-compatible server (llama.cpp, Ollama,
// vLLM): `--llm openai-compatible:<baseURL>`, here pointed at the Chat Completions stand-in.
// A learner's session runs through the WebSocket; the stored log is read back over HTTP.

const TUTOR_REPLIES = [
  'Where in the chloroplast do the light reactions happen?',
  'Good. What does photosystem II do with water?',
  'Right. What do the light reactions produce?',
];

let standIn: ChatCompletionsServer;
let demo: DemoProcess;
let client: RecallClient | undefined;

function kindOf(request: RecordedChatCompletionsRequest): string {
  return request.body.response_format?.json_schema?.name ?? 'tutor';
}

/** The ids of the points the evaluator is asked about, in order. */
function pointIdsIn(request: RecordedChatCompletionsRequest): string[] {
  const content = String(request.body.messages.at(-1)?.content ?? '');
  return [...content.matchAll(/<point id="([^"]+)"/g)].map((match) => match[1]!);
}

function reply(request: RecordedChatCompletionsRequest): ChatCompletionsReply {
  switch (kindOf(request)) {
    case 'evaluation': {
      // The learner's first answer recalls the first point; nothing else.
      const [first] = pointIdsIn(request);
      const content = String(request.body.messages.at(-1)?.content ?? '');
      const latest = /<latest_message>([\s\S]*?)<\/latest_message>/.exec(content)?.[1] ?? '';
      const recalled = first !== undefined && latest.includes('thylakoid membranes');
      return {
        type: 'json',
        value: {
          points: recalled
            ? [
                {
                  pointId: first,
                  recalled: true,
                  nearMiss: false,
                  missing: '',
                  certainty: 0.95,
                  attempted: true,
                  evidence: 'in the thylakoid membranes',
                },
              ]
            : [],
        },
      };
    }
    case 'rabbithole_detection':
      return {
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
    default: {
      const turn = standIn.requests.filter((earlier) => kindOf(earlier) === 'tutor').length;
      return { type: 'text', text: TUTOR_REPLIES[turn - 1] ?? 'Keep going.' };
    }
  }
}

beforeAll(async () => {
  standIn = await startChatCompletionsServer({ replies: reply, chunkDelayMs: 5 });
  demo = await startDemoProcess([
    '--llm',
    `openai-compatible:${standIn.baseURL}`,
    '--model',
    'demo-tutor',
    '--judge-model',
    'demo-judge',
    '--storage',
    'memory',
    '--no-app',
    '--port',
    '0',
  ]);
}, 90_000);

afterAll(async () => {
  client?.close();
  await demo?.stop();
  await standIn?.close();
});

/** The session's stored events, as `GET /api/sessions/:id/events` exports them. */
async function storedEvents(cookie: string, sessionId: string): Promise<SessionEvent[]> {
  const response = await fetch(new URL(`/api/sessions/${sessionId}/events`, demo.url), {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  return parseSessionLog(await response.text()).events;
}

function assistantReplies(events: readonly SessionEvent[]): string[] {
  return events.flatMap((event) =>
    event.type === 'assistant_message' ? [event.data.content] : [],
  );
}

describe('the demo server with --llm openai-compatible:<baseURL>', () => {
  test('a learner session over the WebSocket, every model call through the AI SDK adapter', async () => {
    expect(demo.output()).toMatch(
      /tutor: +demo-tutor, judge demo-judge on http:\/\/127\.0\.0\.1:\d+\/v1 \(OpenAI-compatible\)/,
    );
    const first = await fetch(demo.url);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
    // A Node WebSocket that sends the browser's identity cookie, as a browser would.
    class BrowserWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols ?? [], { headers: { cookie } });
      }
    }
    client = createRecallClient({
      url: `${demo.url.replace(/^http/, 'ws')}ws`,
      recallSetId: 'photosynthesis',
      WebSocket: BrowserWebSocket,
      storage: null,
    });

    const sessionId = await vi.waitFor(
      async () => {
        const response = await fetch(new URL('/api/sessions', demo.url), { headers: { cookie } });
        const [session] = (await response.json()) as Array<{ id: string }>;
        expect(session).toBeDefined();
        return session!.id;
      },
      { timeout: 20_000, interval: 100 },
    );
    await vi.waitFor(
      async () => expect(assistantReplies(await storedEvents(cookie, sessionId))).toHaveLength(1),
      { timeout: 20_000, interval: 100 },
    );

    client.sendMessage('The light reactions happen in the thylakoid membranes.');
    const afterFirst = await vi.waitFor(
      async () => {
        const events = await storedEvents(cookie, sessionId);
        expect(assistantReplies(events)).toHaveLength(2);
        return events;
      },
      { timeout: 20_000, interval: 100 },
    );
    client.sendMessage('Photosystem two does something with water, I think.');
    const events = await vi.waitFor(
      async () => {
        const stored = await storedEvents(cookie, sessionId);
        expect(assistantReplies(stored)).toHaveLength(3);
        return stored;
      },
      { timeout: 20_000, interval: 100 },
    );

    // The tutor's words are the model's, streamed and stored; the judge checked a point off.
    expect(assistantReplies(events)).toEqual(TUTOR_REPLIES);
    expect(afterFirst.filter((event) => event.type === 'recall_point_recalled')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'recall_point_recalled')).toHaveLength(1);
    const streamed = events.flatMap((event) =>
      event.type === 'assistant_streaming_end' ? [event.data.totalChunks] : [],
    );
    expect(streamed.every((chunks) => chunks > 1)).toBe(true);
    expect(events.some((event) => event.type === 'user_message')).toBe(true);

    // Every call went to the stand-in, each role to its model, through the adapter.
    const tutorCalls = standIn.requests.filter((request) => kindOf(request) === 'tutor');
    const judgeCalls = standIn.requests.filter((request) => kindOf(request) !== 'tutor');
    expect(tutorCalls).toHaveLength(3);
    expect(tutorCalls.every((request) => request.body.model === 'demo-tutor')).toBe(true);
    expect(tutorCalls.every((request) => request.body.stream === true)).toBe(true);
    expect(judgeCalls.map((request) => request.body.model)).toContain('demo-judge');
    expect(judgeCalls.every((request) => request.body.model === 'demo-judge')).toBe(true);
    expect(judgeCalls.map(kindOf)).toContain('evaluation');
  }, 90_000);
});
