import type { EngineFeedItem } from './engine-types';
import type { EngineRuntime, FeedSink } from './runtime';

/**
 * A session's feed: stored events after `afterSeq` then live ones (from the storage
 * subscription, so events appended by other processes arrive too), with this engine's
 * transient deltas and errors woven in. Deltas of a response are delivered only after its
 * `assistant_streaming_start`; a subscriber that reaches that event while the response is
 * still streaming first gets one `snapshot` delta holding the text so far (so does one whose
 * `afterSeq` is already past the start, right after its stored history).
 */
export function subscribeToSession(
  runtime: EngineRuntime,
  sessionId: string,
  afterSeq: number,
  listener: (item: EngineFeedItem) => void,
): () => void {
  let active: { responseId: string; lastIndex: number } | null = null;
  let open = true;
  const deliver = (item: EngineFeedItem) => {
    if (!open) return;
    try {
      listener(item);
    } catch {
      // A failing listener must not break the engine or other subscribers.
    }
  };
  const sink: FeedSink = {
    deliverDelta(delta) {
      if (active === null || active.responseId !== delta.responseId) return;
      if (delta.index <= active.lastIndex) return;
      active.lastIndex = delta.index;
      deliver({ kind: 'delta', delta });
    },
    deliverError(item) {
      deliver(item);
    },
  };
  let sinks = runtime.feeds.get(sessionId);
  if (sinks === undefined) {
    sinks = new Set();
    runtime.feeds.set(sessionId, sinks);
  }
  sinks.add(sink);
  const unsubscribe = runtime.storage.subscribe(sessionId, afterSeq, (event) => {
    deliver({ kind: 'event', event });
    if (event.type === 'assistant_streaming_start') {
      const { responseId } = event.data;
      const live = runtime.liveResponses.get(responseId);
      active = { responseId, lastIndex: live?.lastIndex ?? -1 };
      if (live !== undefined && live.lastIndex >= 0) {
        deliver({
          kind: 'delta',
          delta: { sessionId, responseId, index: live.lastIndex, text: live.text, snapshot: true },
        });
      }
    } else if (
      event.type === 'assistant_streaming_end' &&
      active?.responseId === event.data.responseId
    ) {
      active = null;
    }
  });
  // A response whose start the subscriber already has (seq ≤ afterSeq) is caught up too.
  queueMicrotask(() => {
    if (!open || active !== null) return;
    for (const response of runtime.sessions.get(sessionId)?.state.openResponses ?? []) {
      const live = runtime.liveResponses.get(response.responseId);
      if (response.startSeq > afterSeq || live === undefined) continue;
      active = { responseId: response.responseId, lastIndex: live.lastIndex };
      if (live.lastIndex >= 0) {
        deliver({
          kind: 'delta',
          delta: {
            sessionId,
            responseId: response.responseId,
            index: live.lastIndex,
            text: live.text,
            snapshot: true,
          },
        });
      }
    }
  });
  return () => {
    if (!open) return;
    open = false;
    unsubscribe();
    sinks.delete(sink);
    if (sinks.size === 0) runtime.feeds.delete(sessionId);
  };
}
