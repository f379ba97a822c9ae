import type { RecallClient, RecallClientSnapshot } from '@recall/ws';
import { type ReactNode, useMemo } from 'react';
import type { ExternalStore } from '../store/external-store';
import { type Throttle, createThrottledStore } from '../store/throttled-store';
import { createAnswerFocus } from './answer-focus';
import { createRecallActions } from './recall-actions';
import { type RecallContextValue, RecallContextProvider } from './recall-context';

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
