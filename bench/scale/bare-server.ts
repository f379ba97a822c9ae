// The baseline: a bare `ws` server that sends what a Recall server sends for this workload —
// the same wire v2 frames (`event` envelopes, `history_end`, `chunk`, `ack` with its seq,
// `pong`), in the same order, with the same seqs and the same model delays — and nothing
// else: no engine, no storage, no write coalescing. It remembers the seqs it sent per
// session, as its "log".
import { randomUUID } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import { CHUNK_GAP_MS, MODEL_LATENCY_MS, RECALL_SET_ID, REPLY_CHUNKS } from './model';
import { BENCH_PROTOCOL } from './wire';

/** A running baseline server. */
export interface BareServer {
  port: number;
  /** The seqs each session's client was sent (what Recall's log would hold for it). */
  sentSeqs(sessionId: string): number[] | undefined;
  close(): Promise<void>;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** One session of the baseline: its seqs, and the envelope every event frame carries. */
class BareSession {
  readonly sessionId = randomUUID();
  readonly sent: number[] = [];
  #seq = 0;

  constructor(readonly socket: WebSocket) {}

  send(message: Record<string, unknown>): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Sends one `event` frame with the next seq (the envelope Recall's storage returns). */
  event(
    type: string,
    data: Record<string, unknown>,
    context: { turnId: string; commandId?: string; responseId?: string },
  ): number {
    this.#seq += 1;
    this.sent.push(this.#seq);
    this.send({
      type: 'event',
      event: {
        id: randomUUID(),
        sessionId: this.sessionId,
        seq: this.#seq,
        timestamp: Date.now(),
        ...context,
        type,
        data,
      },
    });
    return this.#seq;
  }

  /** The stored start of a reply (already sent by the caller), then chunks, end and message. */
  async reply(context: { turnId: string; commandId?: string; responseId: string }): Promise<void> {
    const { responseId } = context;
    await sleep(MODEL_LATENCY_MS);
    for (let index = 0; index < REPLY_CHUNKS.length; index += 1) {
      if (index > 0) await sleep(CHUNK_GAP_MS);
      this.send({ type: 'chunk', responseId, index, text: REPLY_CHUNKS[index] });
    }
    const fullContent = REPLY_CHUNKS.join('');
    this.event(
      'assistant_streaming_end',
      { responseId, fullContent, totalChunks: REPLY_CHUNKS.length },
      context,
    );
    this.event('assistant_message', { content: fullContent, agent: 'tutor' }, context);
  }
}

export async function startBareServer(): Promise<BareServer> {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    perMessageDeflate: false,
    handleProtocols: (offered) => (offered.has(BENCH_PROTOCOL) ? BENCH_PROTOCOL : false),
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const logs = new Map<string, number[]>();

  server.on('connection', (socket: WebSocket) => {
    socket.on('error', () => {});
    const session = new BareSession(socket);
    logs.set(session.sessionId, session.sent);
    // The greeting: session_started and the reply's start are the history, then history_end.
    const greeting = { turnId: randomUUID(), responseId: randomUUID() };
    session.event(
      'session_started',
      {
        sessionId: session.sessionId,
        recallSetId: RECALL_SET_ID,
        recallSetName: 'Scale bench',
        totalPoints: 3,
        recalledCount: 0,
        resumed: false,
      },
      { turnId: greeting.turnId },
    );
    const headSeq = session.event(
      'assistant_streaming_start',
      { responseId: greeting.responseId, agent: 'tutor' },
      greeting,
    );
    session.send({ type: 'history_end', headSeq });
    void session.reply(greeting);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      if (message.type === 'ping') return session.send({ type: 'pong', timestamp: Date.now() });
      if (message.type !== 'user_message') return;
      const clientMessageId = message.clientMessageId as string;
      const turn = { turnId: randomUUID(), commandId: clientMessageId, responseId: randomUUID() };
      session.event('user_message', { content: message.content, clientMessageId }, turn);
      const seq = session.event(
        'assistant_streaming_start',
        { responseId: turn.responseId, agent: 'tutor' },
        turn,
      );
      session.send({ type: 'ack', clientMessageId, seq });
      void session.reply(turn);
    });
  });

  return {
    port: (server.address() as { port: number }).port,
    sentSeqs: (sessionId) => logs.get(sessionId),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
