import type { RecallClient } from '@recall/ws';

// The clients `useRecallSession({ url, … })` owns, one per identity (url, target, token),
// shared by every component that uses it and kept a moment after the last one unmounts.
interface Holding {
  client: RecallClient;
  holders: number;
  cancelLeave: (() => void) | null;
  /** Set once it is leaving (its `leave_session` in flight); settles when it closed. */
  left?: Promise<void>;
}

const holdings = /* @__PURE__ */ new Map<string, Holding>();

/** How long a leaving client waits for the server to acknowledge `leave_session`. */
const LEAVE_TIMEOUT_MS = 5_000;

/**
 * Takes a share in the client of `key`: the one already held or about to leave (its leave
 * is cancelled: nothing reconnects, nothing resumes), else `fresh`, connected now — or once
 * a client of `key` that is leaving has closed, so it never attaches to a session being paused.
 */
export function leaseClient(key: string, fresh: RecallClient): RecallClient {
  let holding = holdings.get(key);
  if (holding === undefined || holding.left !== undefined) {
    const left = holding?.left;
    holding = { client: fresh, holders: 0, cancelLeave: null };
    holdings.set(key, holding);
    if (left === undefined) fresh.connect();
    else void left.then(() => fresh.connect());
  }
  holding.cancelLeave?.();
  holding.cancelLeave = null;
  holding.holders += 1;
  return holding.client;
}

/**
 * Gives back a share. When no holder is left, the client leaves the session (the server
 * pauses it) and closes after `leaveAfterMs`, unless leased again before.
 */
export function releaseClient(key: string, client: RecallClient, leaveAfterMs: number): void {
  const holding = holdings.get(key);
  if (holding?.client !== client) return;
  holding.holders -= 1;
  if (holding.holders > 0) return;
  const timer = setTimeout(() => {
    holding.cancelLeave = null;
    holding.left = leaveAndClose(client).then(() => {
      if (holdings.get(key) === holding) holdings.delete(key);
    });
  }, leaveAfterMs);
  holding.cancelLeave = () => clearTimeout(timer);
}

// Sends `leave_session` when the session is live and closes once the server answered it
// (or the link dropped, or after LEAVE_TIMEOUT_MS); anything else closes at once.
function leaveAndClose(client: RecallClient): Promise<void> {
  const { status, connection } = client.getSnapshot();
  if (status !== 'active' || connection !== 'open') {
    client.close();
    return Promise.resolve();
  }
  client.leaveSession();
  return new Promise((resolve) => {
    const finish = () => {
      unsubscribe();
      clearTimeout(timer);
      client.close();
      resolve();
    };
    const unsubscribe = client.subscribe(() => {
      const next = client.getSnapshot();
      if (next.outbox === 0 || next.connection !== 'open' || next.status !== 'active') finish();
    });
    const timer = setTimeout(finish, LEAVE_TIMEOUT_MS);
  });
}
