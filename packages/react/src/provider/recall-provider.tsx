import type { RecallClient, RecallClientSnapshot } from '@recall/ws';
import { type ReactNode, useMemo } from 'react';
import { createRequiredContext, useRequiredContext } from '../internal/primitive';
import {
  type EqualityFn,
  type ExternalStore,
  type Throttle,
  type ThrottledStore,
  createThrottledStore,
  useStoreSelector,
} from '../store/external-store';
import { type AnswerFocus, createAnswerFocus } from './answer-focus';
import { type RecallActions, createRecallActions } from './recall-actions';

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
