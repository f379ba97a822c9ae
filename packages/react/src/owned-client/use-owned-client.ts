import { type RecallClient, type RecallClientOptions, createRecallClient } from '@recall/ws';
import { useEffect, useMemo, useState } from 'react';
import { leaseClient, releaseClient } from './client-leases';

/** Which session the hook opens: a recall set's (started or resumed) or a known session. */
export type RecallSessionTarget =
  | { recallSetId: string; sessionId?: never }
  | { sessionId: string; recallSetId?: never };

/** The client options `useRecallSession` passes on (it connects and closes the client itself). */
export type OwnedClientOptions = Omit<
  RecallClientOptions,
  'recallSetId' | 'sessionId' | 'autoConnect'
> &
  RecallSessionTarget & {
    /**
     * How long the client outlives the last component using it. A remount within this time
     * (StrictMode's double mount, a fast route change) takes the same client back: no new
     * connection, no resume, no model call. Then it leaves the session (the server pauses
     * it) and closes.
     * @default 2000
     */
    leaveAfterUnmountMs?: number;
  };

// A WebSocket class injected in place of the global one (tests, in-page servers) is part of
// the identity: the same URL may name another server.
const socketClassIds = /* @__PURE__ */ new WeakMap<object, number>();
let socketClassCount = 0;

// The identity of a client: a change of any of these is another connection.
function identityOf(options: OwnedClientOptions): string {
  const socketClass = options.WebSocket;
  if (socketClass !== undefined && !socketClassIds.has(socketClass)) {
    socketClassCount += 1;
    socketClassIds.set(socketClass, socketClassCount);
  }
  return JSON.stringify([
    options.url,
    options.recallSetId ?? null,
    options.sessionId ?? null,
    options.userToken ?? null,
    socketClass === undefined ? 0 : socketClassIds.get(socketClass),
  ]);
}

/**
 * The client `useRecallSession(options)` owns; null without options. Created in render but
 * unconnected (safe on the server, and a render React throws away costs nothing); connected,
 * shared and released in effects only.
 */
export function useOwnedClient(options: OwnedClientOptions | undefined): RecallClient | null {
  const key = options === undefined ? null : identityOf(options);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the identity decides; other options are read when the client is made
  const fresh = useMemo(
    () => (options === undefined ? null : createRecallClient({ ...options, autoConnect: false })),
    [key],
  );
  const [adopted, setAdopted] = useState<{ key: string; client: RecallClient } | null>(null);
  const leaveAfterMs = options?.leaveAfterUnmountMs ?? 2_000;
  useEffect(() => {
    if (key === null || fresh === null) return;
    const leased = leaseClient(key, fresh);
    setAdopted(leased === fresh ? null : { key, client: leased });
    return () => releaseClient(key, leased, leaveAfterMs);
  }, [key, fresh, leaveAfterMs]);
  return adopted !== null && adopted.key === key ? adopted.client : fresh;
}
