// A client written only from the README's "Protocol reference": a plain WebSocket (the `ws`
// library, as any non-browser client would use), JSON frames, no code of @recall/ws. It runs a
// whole session against the real server. If this test needs anything the README does not say,
// the README is wrong.
import { randomUUID } from 'node:crypto';
import {
  createMemoryStorage,
  createRecallEngine,
  createSessionView,
  defineRecallSet,
  type PublicSessionEvent,
  reduceSessionView,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { createRecallServer, type RecallServer } from '../src/server/create-recall-server';

// biome-ignore lint/suspicious/noExplicitAny: frames are plain JSON, as the README describes them
type Frame = Record<string, any>;

/** The README's client: a socket, every frame received, and waiting for one. */
class RawClient {
  readonly frames: Frame[] = [];
  /** Applied events (each `seq` once, in order), as the README says to keep them. */
  readonly events: Frame[] = [];
  /** Streamed text by responseId, from `chunk` frames. */
  readonly streamed = new Map<string, string>();
  readonly closed: Promise<{ code: number }>;
  private readonly socket: WebSocket;
  private waiters: Array<() => void> = [];

  constructor(url: string) {
    this.socket = new WebSocket(url, 'recall.v2');
    this.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      if (frame.type === 'event' && frame.event.seq > this.lastSeq) this.events.push(frame.event);
      if (frame.type === 'chunk') {
        // A snapshot chunk holds everything up to its index; others add to it.
        const before = frame.snapshot ? '' : (this.streamed.get(frame.responseId) ?? '');
        this.streamed.set(frame.responseId, before + frame.text);
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve({ code })));
  }

  get lastSeq(): number {
    return this.events.at(-1)?.seq ?? 0;
  }

  get protocol(): string {
    return this.socket.protocol;
  }

  send(message: Frame): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Sends a command with a fresh `clientMessageId` and waits for its `ack` (or `error`). */
  async command(message: Frame): Promise<Frame> {
    const clientMessageId = randomUUID();
    this.send({ ...message, clientMessageId });
    return this.waitFor(
      (frame) =>
        (frame.type === 'ack' || frame.type === 'error') &&
        frame.clientMessageId === clientMessageId,
    );
  }

  waitFor(match: (frame: Frame) => boolean, from = 0): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such frame within 10 s')), 10_000);
      const check = () => {
        const found = this.frames.slice(from).find(match);
        if (found === undefined) {
          this.waiters.push(check);
          return;
        }
        clearTimeout(timer);
        resolve(found);
      };
      check();
    });
  }

  waitForEvent(type: string, from = 0): Promise<Frame> {
    return this.waitFor((frame) => frame.type === 'event' && frame.event.type === type, from);
  }

  close(): void {
    this.socket.close();
  }
}

const POINTS = [
  {
    content: 'Chlorophyll absorbs red and blue light',
    context: 'The pigment in the thylakoid membranes.',
  },
  {
    content: 'The Calvin cycle fixes carbon dioxide into sugar',
    context: 'The light-independent reactions in the stroma.',
  },
];

let server: RecallServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start() {
  const storage = createMemoryStorage();
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const recallSet = defineRecallSet({
    id: 'photosynthesis',
    name: 'Photosynthesis',
    points: POINTS,
  });
  await storage.saveRecallSet(recallSet);
  server = createRecallServer({
    engine,
    storage,
    port: 0,
    authenticate: (request) =>
      new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') === 'secret'
        ? { userId: 'learner' }
        : null,
    logger: {},
  });
  await server.ready;
  const base = `ws://127.0.0.1:${server.address()?.port}/ws`;
  return { base, storage, recallSet };
}

describe('a raw WebSocket client written from the README protocol reference', () => {
  test('runs a whole session: history, chunks, acks with seq, resume, completion', async () => {
    const { base, storage } = await start();
    const client = new RawClient(`${base}?recallSetId=photosynthesis&token=secret`);

    // History first (a new session: its whole log), then history_end, then live.
    const historyEnd = await client.waitFor((frame) => frame.type === 'history_end');
    expect(client.protocol).toBe('recall.v2');
    const started = await client.waitForEvent('session_started');
    const sessionId: string = started.event.sessionId;
    // Redacted: the owner and the engine's targeting never leave the server.
    expect(started.event.data).not.toHaveProperty('userId');
    expect(started.event.data).not.toHaveProperty('targetPointIds');
    expect(historyEnd.headSeq).toBeGreaterThanOrEqual(0);

    // The opening question streams: chunks, then the stored full text.
    const opening = await client.waitForEvent('assistant_streaming_end');
    const openingId: string = opening.event.data.responseId;
    expect(client.streamed.get(openingId) ?? opening.event.data.fullContent).toBe(
      opening.event.data.fullContent,
    );

    // A ping is answered with a pong.
    const before = client.frames.length;
    client.send({ type: 'ping' });
    const pong = await client.waitFor((frame) => frame.type === 'pong', before);
    expect(typeof pong.timestamp).toBe('number');

    // The first point: the ack carries the seq of the last event the command stored.
    let mark = client.frames.length;
    const firstAck = await client.command({ type: 'user_message', content: POINTS[0]?.content });
    expect(firstAck).toMatchObject({ type: 'ack', seq: expect.any(Number) });
    await client.waitFor(
      (frame) => frame.type === 'event' && frame.event.seq >= firstAck.seq,
      mark,
    );
    // Once that seq is applied, the command's effects are in the state.
    const stored = client.events.filter((event) => event.seq <= firstAck.seq);
    expect(stored.filter((event) => event.type === 'user_message').at(-1)?.data).toMatchObject({
      content: POINTS[0]?.content,
    });
    await client.waitForEvent('recall_point_recalled', mark);
    const reply = await client.waitForEvent('assistant_streaming_end', mark);
    expect(client.streamed.get(reply.event.data.responseId)).toBe(reply.event.data.fullContent);

    // Drop the connection and resume from the last applied seq: nothing is sent twice.
    client.close();
    await client.closed;
    const lastSeq = client.lastSeq;
    const resumed = new RawClient(
      `${base}?sessionId=${encodeURIComponent(sessionId)}&afterSeq=${lastSeq}&token=secret`,
    );
    const resumedEnd = await resumed.waitFor((frame) => frame.type === 'history_end');
    expect(resumedEnd.headSeq).toBe(lastSeq);
    expect(resumed.frames.filter((frame) => frame.type === 'event')).toEqual([]);

    // The second point completes the checklist: the overlay event arrives.
    mark = resumed.frames.length;
    const secondAck = await resumed.command({ type: 'user_message', content: POINTS[1]?.content });
    expect(secondAck.type).toBe('ack');
    await resumed.waitForEvent('session_complete_overlay', mark);
    await resumed.waitForEvent('assistant_streaming_end', mark);
    expect((await resumed.command({ type: 'dismiss_overlay' })).type).toBe('ack');

    // Leaving with every point recalled completes the session.
    mark = resumed.frames.length;
    const leaveAck = await resumed.command({ type: 'leave_session' });
    expect(leaveAck.type).toBe('ack');
    const completed = await resumed.waitForEvent('session_completed', mark);
    expect(completed.event.data.summary).toMatchObject({ recalledCount: 2, totalPoints: 2 });
    expect(completed.event.data.summary).not.toHaveProperty('estimatedCostUsd');

    // What both connections applied is the stored log, each seq once, in order, as the server
    // sent it (minus the redaction list), and the README's fold gives the finished session.
    const applied = [...client.events, ...resumed.events];
    expect(applied.map((event) => event.seq)).toEqual(applied.map((_, index) => index + 1));
    const log = await storage.read(sessionId, { afterSeq: 0 });
    expect(applied.map(({ id, type, seq }) => ({ id, type, seq }))).toEqual(
      log.map(({ id, type, seq }) => ({ id, type, seq })),
    );
    // Frames are parsed JSON; the README's fold takes them as `PublicSessionEvent`s.
    const view = (applied as PublicSessionEvent[]).reduce(reduceSessionView, createSessionView());
    expect(view.status).toBe('completed');
    // Which points are left is not sent (targetPointIds is redacted); what was recalled is.
    expect(view.recalledPointIds).toHaveLength(2);
    expect(view.totalPoints).toBe(2);
    expect(
      view.timeline.filter((item) => item.kind === 'message').map((item) => item.role),
    ).toEqual(['assistant', 'user', 'assistant', 'user', 'assistant']);
    resumed.close();
  });

  test('a command the session cannot run is answered with an error naming its clientMessageId', async () => {
    const { base } = await start();
    const client = new RawClient(`${base}?recallSetId=photosynthesis&token=secret`);
    await client.waitFor((frame) => frame.type === 'history_end');
    const answer = await client.command({ type: 'exit_rabbithole' });
    expect(answer).toMatchObject({
      type: 'error',
      code: 'NOT_IN_RABBITHOLE',
      retryable: false,
      clientMessageId: expect.any(String),
    });
    client.close();
  });
});
