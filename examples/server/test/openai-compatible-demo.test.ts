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
import { photosynthesis } from '../src/seed/photosynthesis';

// The demo as a host runs it against a local OpenAI-compatible server (llama.cpp, Ollama,
// vLLM): `--llm openai-compatible:<baseURL>`, here pointed at the Chat Completions stand-in.
// A learner's session runs through the WebSocket; the stored log is read back over HTTP.

// The learner answers with each point of the set in turn; the first answer is only a guess.
const GUESS = 'Photosystem two does something with the light, I think.';
const ANSWERS = [
  photosynthesis.points[0]!.content,
  GUESS,
  ...photosynthesis.points.slice(1).map((point) => point.content),
];

let standIn: ChatCompletionsServer;
let demo: DemoProcess;
let client: RecallClient | undefined;

function kindOf(request: RecordedChatCompletionsRequest): string {
  return request.body.response_format?.json_schema?.name ?? 'tutor';
}

function userContentOf(request: RecordedChatCompletionsRequest): string {
  return String(request.body.messages.at(-1)?.content ?? '');
}

/** The tutor's reply to its n-th request (1-based): a question, as a model would ask it. */
function tutorReply(turn: number): string {
  return turn === 1 ? 'Where do the light reactions happen?' : `Good. Next question ${turn}?`;
}

function reply(request: RecordedChatCompletionsRequest): ChatCompletionsReply {
  switch (kindOf(request)) {
    case 'evaluation': {
      // A point is recalled when the learner's latest message states it word for word.
      const content = userContentOf(request);
      const latest = /<latest_message>([\s\S]*?)<\/latest_message>/.exec(content)?.[1] ?? '';
      const points = [...content.matchAll(/<point id="([^"]+)"[^>]*>([\s\S]*?)<\/point>/g)];
      return {
        type: 'json',
        value: {
          points: points
            .filter(([, , text]) => latest.includes(text!))
            .map(([, pointId, text]) => ({
              pointId,
              recalled: true,
              nearMiss: false,
              missing: '',
              certainty: 0.95,
              attempted: true,
              evidence: text,
            })),
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
      return { type: 'text', text: tutorReply(turn) };
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
  test('a whole learner session over the WebSocket, to completion, every model call through the AI SDK adapter', async () => {
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
    const stored = (expectation: (events: SessionEvent[]) => void) =>
      vi.waitFor(
        async () => {
          const events = await storedEvents(cookie, sessionId);
          expectation(events);
          return events;
        },
        { timeout: 20_000, interval: 100 },
      );
    await stored((events) => expect(assistantReplies(events)).toHaveLength(1));

    // Each answer but the last gets the tutor's next question; the last one completes the set.
    for (const [index, answer] of ANSWERS.entries()) {
      client.sendMessage(answer);
      if (index < ANSWERS.length - 1) {
        await stored((events) => expect(assistantReplies(events)).toHaveLength(index + 2));
      }
    }
    await vi.waitFor(() => expect(client?.getSnapshot().completionOverlay).not.toBeNull(), {
      timeout: 20_000,
      interval: 50,
    });
    const overlay = client.getSnapshot().completionOverlay!;
    expect(overlay).toMatchObject({ recalledCount: 6, totalPoints: 6 });

    client.leaveSession();
    const events = await stored((log) =>
      expect(log.some((event) => event.type === 'session_completed')).toBe(true),
    );
    await vi.waitFor(() => expect(client?.getSnapshot().status).toBe('completed'), {
      timeout: 20_000,
    });

    // The tutor's words are the model's, streamed and stored; the judge checked every point off,
    // the guess none.
    const replies = assistantReplies(events);
    expect(replies.length).toBeGreaterThanOrEqual(ANSWERS.length);
    expect(replies).toEqual(replies.map((_, index) => tutorReply(index + 1)));
    const recalled = events.flatMap((event) =>
      event.type === 'recall_point_recalled' ? [event.data.pointId] : [],
    );
    expect(new Set(recalled).size).toBe(6);
    expect(recalled).toHaveLength(6);
    const learnerMessages = events.flatMap((event) =>
      event.type === 'user_message' ? [event.data.content] : [],
    );
    expect(learnerMessages).toEqual(ANSWERS);
    const streamed = events.flatMap((event) =>
      event.type === 'assistant_streaming_end' ? [event.data.totalChunks] : [],
    );
    expect(streamed.every((chunks) => chunks > 1)).toBe(true);
    const completed = events.find((event) => event.type === 'session_completed');
    expect(completed?.type === 'session_completed' && completed.data.summary).toMatchObject({
      recalledCount: 6,
      totalPoints: 6,
    });
    const sessions = await fetch(new URL('/api/sessions', demo.url), { headers: { cookie } });
    expect(await sessions.json()).toEqual([
      expect.objectContaining({ id: sessionId, status: 'completed' }),
    ]);

    // Every call went to the stand-in, each role to its model, through the adapter.
    const tutorCalls = standIn.requests.filter((request) => kindOf(request) === 'tutor');
    const judgeCalls = standIn.requests.filter((request) => kindOf(request) !== 'tutor');
    expect(tutorCalls).toHaveLength(replies.length);
    expect(tutorCalls.every((request) => request.body.model === 'demo-tutor')).toBe(true);
    expect(tutorCalls.every((request) => request.body.stream === true)).toBe(true);
    expect(judgeCalls.map((request) => request.body.model)).toContain('demo-judge');
    expect(judgeCalls.every((request) => request.body.model === 'demo-judge')).toBe(true);
    expect(judgeCalls.map(kindOf)).toContain('evaluation');
  }, 90_000);
});
