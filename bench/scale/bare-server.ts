// The baseline: a bare `ws` server that sends what a Recall server sends for this workload —
// the same frames, with the same seqs and the same model delays — and nothing else: no
// engine, no storage. It remembers the seqs it sent per session, as its "log".
import { randomUUID } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import { CHUNK_GAP_MS, MODEL_LATENCY_MS, RECALL_SET_ID, REPLY_CHUNKS } from './model';

/** A running baseline server. */
export interface BareServer {
  port: number;
  /** The seqs each session's client was sent (what Recall's log would hold for it). */
  sentSeqs(sessionId: string): number[] | undefined;
  close(): Promise<void>;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export async function startBareServer(): Promise<BareServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const logs = new Map<string, number[]>();

  server.on('connection', (socket: WebSocket) => {
    socket.on('error', () => {});
    const sessionId = randomUUID();
    const sent: number[] = [];
    logs.set(sessionId, sent);
    let seq = 0;
    const send = (message: Record<string, unknown>) => {
      if (typeof message.seq === 'number') sent.push(message.seq);
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };
    // A reply: assistant_streaming_start (not sent), chunks, assistant_complete, then
    // assistant_message (not sent), as Recall stores and sends them.
    const reply = async () => {
      seq += 1;
      const responseId = randomUUID();
      await sleep(MODEL_LATENCY_MS);
      for (let index = 0; index < REPLY_CHUNKS.length; index += 1) {
        if (index > 0) await sleep(CHUNK_GAP_MS);
        send({ type: 'assistant_chunk', responseId, index, text: REPLY_CHUNKS[index] });
      }
      seq += 1;
      send({
        type: 'assistant_complete',
        seq,
        responseId,
        fullContent: REPLY_CHUNKS.join(''),
        totalChunks: REPLY_CHUNKS.length,
      });
      seq += 1;
    };
    seq += 1;
    send({
      type: 'session_started',
      seq,
      sessionId,
      recallSetId: RECALL_SET_ID,
      recallSetName: 'Scale bench',
      totalPoints: 3,
      recalledCount: 0,
      resumed: false,
      openingMessage: '',
    });
    void reply();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      if (message.type === 'ping') return send({ type: 'pong', timestamp: Date.now() });
      if (message.type !== 'user_message') return;
      seq += 1;
      send({
        type: 'user_message',
        seq,
        content: message.content,
        clientMessageId: message.clientMessageId,
      });
      send({ type: 'ack', clientMessageId: message.clientMessageId });
      void reply();
    });
  });

  return {
    port: (server.address() as { port: number }).port,
    sentSeqs: (sessionId) => logs.get(sessionId),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
