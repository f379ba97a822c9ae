import type { EngineFeedItem } from '@recall/core';
import { type EncodedMessage, encodeFeedItem, encodeMessage } from './feed-serializer';
import type { RecallServerEngine } from './engine-port';

/** Options for {@link subscribeSessionFrames}. */
export interface SessionFramesOptions {
  engine: Pick<RecallServerEngine, 'subscribe'>;
  sessionId: string;
  /** Stored events with `seq > afterSeq` are sent first (the history), then live ones. */
  afterSeq: number;
  /** The log's last seq when the history was asked for: `history_end` follows that event. */
  headSeq: number;
  /** Writes one frame; a throw stops nothing but that frame. */
  send: (frame: EncodedMessage) => void;
}

/**
 * Streams a session as frames, history then live (seed 002): every stored event after
 * `afterSeq` as an `event` frame, then `history_end { headSeq }` exactly once, then live
 * events, chunks and errors. Transient frames that arrive while the history is still being
 * sent (a catch-up `snapshot` chunk of a response started in it) wait until `history_end`,
 * so a client gets the whole history before anything live. Platform-neutral: the Node server
 * and the in-process test transport serve connections with it. Returns the unsubscribe.
 */
export function subscribeSessionFrames(options: SessionFramesOptions): () => void {
  const { send, headSeq } = options;
  let historyDone = false;
  const held: EncodedMessage[] = [];

  function endHistory(): void {
    if (historyDone) return;
    historyDone = true;
    send(encodeMessage({ type: 'history_end', headSeq }));
    for (const frame of held.splice(0)) send(frame);
  }

  function onItem(item: EngineFeedItem): void {
    const frame = encodeFeedItem(item);
    if (historyDone) {
      send(frame);
      return;
    }
    if (item.kind !== 'event') {
      held.push(frame);
      return;
    }
    send(frame);
    if (item.event.seq >= headSeq) endHistory();
  }

  const unsubscribe = options.engine.subscribe(
    options.sessionId,
    { afterSeq: options.afterSeq },
    onItem,
  );
  if (options.afterSeq >= headSeq) endHistory();
  return unsubscribe;
}
