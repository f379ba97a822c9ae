// The provider and what it shares: the client's own subscription, a throttled copy of it for
// streamed text, and the selector hook that renders only when its selection changes.
import type { RecallClient, RecallClientSnapshot } from '@recall/ws';
import { type ReactNode, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createRequiredContext, useRequiredContext } from '../internal/primitive';
import { type AnswerFocus, createAnswerFocus } from './answer-focus';
import { type RecallActions, createRecallActions } from './recall-actions';

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

/** What `RecallProvider` shares with the hooks. */
export interface RecallContextValue {
  client: RecallClient;
  /** Every change, as it happens: for focused, selector-based subscriptions. */
  store: ExternalStore<RecallClientSnapshot>;
  /** At most one change per throttle window: for streamed text (message list, exchange). */
  streamStore: ThrottledStore<RecallClientSnapshot>;
  actions: RecallActions;
  /** The answer box, where focus goes once the learner answered a prompt or the overlay. */
  answerFocus: AnswerFocus;
}

export const recallContext =
  /* @__PURE__ */ createRequiredContext<RecallContextValue>('RecallProvider');

export const RecallContextProvider = recallContext.Provider;

/** The provider's value; throws an error naming `consumerName` outside `RecallProvider`. */
export function useRecallContext(consumerName: string): RecallContextValue {
  return useRequiredContext(recallContext, consumerName);
}

/** Which subscription a selection reads: every change, or the throttled streaming one. */
export type SnapshotSource = 'live' | 'stream';

/**
 * Selects from the client snapshot on behalf of `consumerName` (named in the error thrown
 * outside `RecallProvider`). `'stream'` reads the throttled subscription, for values that
 * change with every chunk of streamed text.
 */
export function useSnapshotSelector<T>(
  consumerName: string,
  selector: (snapshot: RecallClientSnapshot) => T,
  isEqual?: EqualityFn<T>,
  source: SnapshotSource = 'live',
): T {
  const { store, streamStore } = useRecallContext(consumerName);
  return useStoreSelector(source === 'stream' ? streamStore : store, selector, isEqual);
}

/** Props of {@link RecallProvider}. */
export interface RecallProviderProps {
  /** The session client, e.g. from `createRecallClient` in `@recall/ws`. */
  client: RecallClient;
  /**
   * How often streamed text may re-render the message list and the exchange view:
   * `'frame'` (once per animation frame; ~16 ms without `requestAnimationFrame`), a number
   * of milliseconds, or `0` for every chunk. Progress and other focused hooks are not throttled
   * and render only when their own value changes.
   * @default 'frame'
   */
  throttleMs?: Throttle;
  children?: ReactNode;
}

/**
 * Makes a session client available to the hooks and components below. It does not connect
 * or close the client: the client's owner does (so it is safe to render on the server).
 *
 * @example
 * const client = createRecallClient({ url: 'wss://example.com/ws', recallSetId });
 * <RecallProvider client={client}><MyTutorScreen /></RecallProvider>
 */
export function RecallProvider({ client, throttleMs = 'frame', children }: RecallProviderProps) {
  const store = useMemo<ExternalStore<RecallClientSnapshot>>(
    () => ({
      subscribe: (listener) => client.subscribe(listener),
      getSnapshot: () => client.getSnapshot(),
    }),
    [client],
  );
  const streamStore = useMemo(() => createThrottledStore(store, throttleMs), [store, throttleMs]);
  const actions = useMemo(() => createRecallActions(client), [client]);
  const answerFocus = useMemo(() => createAnswerFocus(), []);
  const value = useMemo<RecallContextValue>(
    () => ({ client, store, streamStore, actions, answerFocus }),
    [client, store, streamStore, actions, answerFocus],
  );
  return <RecallContextProvider value={value}>{children}</RecallContextProvider>;
}
