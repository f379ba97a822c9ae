import type { RecallClient, RecallClientSnapshot } from '@recall/ws';
import { useContext, useMemo } from 'react';
import { type OwnedClientOptions, useOwnedClient } from '../owned-client/use-owned-client';
import { type RecallActions, createRecallActions } from '../provider/recall-actions';
import {
  recallContext,
  useStoreSelector,
  type Throttle,
  createThrottledStore,
} from '../provider/recall-provider';

/** The client's whole snapshot and every action, as `useRecallSession` returns them. */
export type RecallSession = RecallClientSnapshot &
  RecallActions & {
    /** The client behind it: pass it to `RecallProvider` to use the headless components. */
    client: RecallClient;
  };

/**
 * Options of `useRecallSession`: where the server is and which session to open (exactly one
 * of `recallSetId` and `sessionId`), plus any `createRecallClient` option.
 */
export type UseRecallSessionOptions = OwnedClientOptions & {
  /**
   * How often streamed text may re-render: `'frame'`, milliseconds, or `0` for every chunk.
   * @default 'frame'
   */
  throttleMs?: Throttle;
};

const selectSnapshot = (snapshot: RecallClientSnapshot) => snapshot;

function requireProvider<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Error('`useRecallSession` must be used within `RecallProvider`.');
  }
  return value;
}

/**
 * The whole session in one object — the client's snapshot (timeline, session, prompt,
 * overlay, status, connection, error), the actions and the client — re-rendered at most once
 * per frame while text streams (use a focused hook or `useRecallSelector` for one slice).
 *
 * **With options, it owns the connection** (like `useChat`): it creates the client, connects
 * it after mount, shares it with every component that passes the same `url`, target and
 * `userToken`, and closes it after unmount. Without options it reads the client of the
 * nearest `RecallProvider` (for apps that share one client); do not switch between the two
 * in one component.
 *
 * - **Authentication**: a browser WebSocket sends no custom headers. Same-site cookies
 *   travel with the upgrade request on their own; otherwise pass `userToken`, sent as
 *   `?token=…` in the URL (keep such tokens short-lived: URLs reach server logs).
 * - **Refusals**: when the server refuses with a `retryAfterMs` (rate limits, a busy turn),
 *   the client waits at least that long before it reconnects or resends; other drops back
 *   off exponentially with jitter (`reconnect`).
 * - **Unmount**: the client outlives the last component using it by `leaveAfterUnmountMs`
 *   (2 s). A remount within that time — StrictMode's double mount, a fast route change —
 *   takes the same client back: no second connection, no second session, no model call.
 *   After it, the client sends `leave_session` (the server pauses the session; no model is
 *   called) and closes. Mounting again later resumes the session: the tutor's recap is a
 *   model call.
 * - **Changing `recallSetId`** (or `sessionId`, `url`, `userToken`) is another session: the
 *   snapshot switches at once to the new one (status `connecting`), whose set is started or
 *   resumed; the previous one is left (paused) after `leaveAfterUnmountMs`, as on unmount.
 * - **Server rendering**: nothing connects on the server; the snapshot is `connecting`
 *   with connection `idle` until the browser mounts it.
 *
 * @example
 * const session = useRecallSession({ url: 'wss://app.example/ws', recallSetId });
 * session.timeline; // messages, as they stream
 * session.sendMessage('Chlorophyll absorbs light.');
 */
export function useRecallSession(options?: UseRecallSessionOptions): RecallSession {
  const context = useContext(recallContext);
  const owned = useOwnedClient(options);
  const throttleMs = options?.throttleMs ?? 'frame';
  const ownedParts = useMemo(
    () =>
      owned === null
        ? null
        : {
            streamStore: createThrottledStore(owned, throttleMs),
            actions: createRecallActions(owned),
          },
    [owned, throttleMs],
  );
  // Without options, the provider's client (with its usual error outside one).
  const parts = ownedParts ?? requireProvider(context);
  const client = owned ?? (context as NonNullable<typeof context>).client;
  const snapshot = useStoreSelector(parts.streamStore, selectSnapshot);
  const { actions } = parts;
  return useMemo(() => ({ ...snapshot, ...actions, client }), [snapshot, actions, client]);
}
