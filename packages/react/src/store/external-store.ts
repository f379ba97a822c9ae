// The stores the hooks read: the client's own subscription and a throttled copy of it for
// streamed text, and the selector hook that renders only when its selection changes.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

/** The `useSyncExternalStore` shape: what `RecallClient` offers and what the throttle wraps. */
export interface ExternalStore<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/** Decides whether two selections are the same, so the component can skip a render. */
export type EqualityFn<T> = (previous: T, next: T) => boolean;

/**
 * `useSyncExternalStore` with a selector and an equality function: the component renders only
 * when its selection changes. An equal selection keeps its previous identity, even across
 * inline (re-created) selectors, so derived objects and arrays do not cause renders.
 */
export function useStoreSelector<S, T>(
  store: ExternalStore<S>,
  selector: (snapshot: S) => T,
  isEqual: EqualityFn<T> = Object.is,
): T {
  const committed = useRef<{ value: T } | null>(null);

  const getSelection = useMemo(() => {
    let memo: { snapshot: S; selection: T } | undefined;
    return () => {
      const snapshot = store.getSnapshot();
      if (memo && Object.is(memo.snapshot, snapshot)) return memo.selection;
      let selection = selector(snapshot);
      const previous = memo ?? (committed.current && { selection: committed.current.value });
      if (previous && isEqual(previous.selection, selection)) selection = previous.selection;
      memo = { snapshot, selection };
      return selection;
    };
  }, [store, selector, isEqual]);

  const value = useSyncExternalStore(store.subscribe, getSelection, getSelection);
  useEffect(() => {
    committed.current = { value };
  }, [value]);
  return value;
}

/**
 * How often the streaming-facing subscription may update: `'frame'` (at most once per
 * animation frame), a number of milliseconds, or `0` for every change.
 */
export type Throttle = 'frame' | number;

/** A store that republishes its source's snapshot at most once per throttle window. */
export interface ThrottledStore<S> extends ExternalStore<S> {
  /** Publish the source's latest snapshot now (cancels the pending window). */
  flush(): void;
}

// Without requestAnimationFrame (SSR, workers, some test environments) a frame is ~16 ms.
const FRAME_FALLBACK_MS = 16;

function scheduler(throttle: Throttle): (callback: () => void) => () => void {
  if (throttle === 'frame' && typeof globalThis.requestAnimationFrame === 'function') {
    return (callback) => {
      const handle = globalThis.requestAnimationFrame(callback);
      return () => globalThis.cancelAnimationFrame(handle);
    };
  }
  const delay = throttle === 'frame' ? FRAME_FALLBACK_MS : throttle;
  return (callback) => {
    const handle = setTimeout(callback, delay);
    return () => clearTimeout(handle);
  };
}

/**
 * Wraps `source` so that its listeners hear at most one change per window, and `getSnapshot`
 * returns the snapshot published at the last notification — subscriber and snapshot throttled
 * together, so React never sees a snapshot it was not told about. Listens to the source only
 * while it has listeners of its own; with none, `getSnapshot` reads the source directly.
 */
export function createThrottledStore<S>(
  source: ExternalStore<S>,
  throttle: Throttle,
): ThrottledStore<S> {
  const listeners = new Set<() => void>();
  const schedule = scheduler(throttle);
  let published = source.getSnapshot();
  let cancelPending: (() => void) | undefined;
  let unsubscribeSource: (() => void) | undefined;

  const publish = () => {
    cancelPending?.();
    cancelPending = undefined;
    const next = source.getSnapshot();
    if (Object.is(next, published)) return;
    published = next;
    for (const listener of [...listeners]) listener();
  };

  const onSourceChange = () => {
    if (throttle === 0) publish();
    else cancelPending ??= schedule(publish);
  };

  return {
    getSnapshot: () => (unsubscribeSource ? published : source.getSnapshot()),
    subscribe(listener) {
      if (!unsubscribeSource) {
        published = source.getSnapshot();
        unsubscribeSource = source.subscribe(onSourceChange);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || !unsubscribeSource) return;
        unsubscribeSource();
        unsubscribeSource = undefined;
        cancelPending?.();
        cancelPending = undefined;
      };
    },
    flush: publish,
  };
}
