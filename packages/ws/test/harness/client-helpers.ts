import { WebSocket } from 'ws';
import type { RecallClient } from '../../src/client/client-options';
import { createRecallClient } from '../../src/client/create-recall-client';
import type { RecallClientOptions } from '../../src/client/client-options';
import type { ChatMessage, RecallClientSnapshot, TimelineItem } from '../../src/client/snapshot';
import type { ClientStorage } from '../../src/client/persisted-session';
import type { WebSocketLikeConstructor } from '../../src/client/websocket-like';

/** A Web Storage stand-in shared between client instances (a "tab" that reloads). */
export function createMemoryClientStorage(): ClientStorage & {
  readonly values: Map<string, string>;
} {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/** Fast reconnects and heartbeats for loopback tests. */
export const FAST_CLIENT_OPTIONS = {
  reconnect: { initialDelayMs: 10, maxDelayMs: 100 },
  heartbeatIntervalMs: 200,
  heartbeatTimeoutMs: 300,
  connectTimeoutMs: 1_000,
} satisfies Partial<RecallClientOptions>;

/** A client over the `ws` package with fast timings; every snapshot is recorded. */
export function createTestClient(
  options: RecallClientOptions,
): RecallClient & { snapshots: RecallClientSnapshot[] } {
  const client = createRecallClient({
    storage: null,
    ...FAST_CLIENT_OPTIONS,
    WebSocket,
    ...options,
  });
  const snapshots: RecallClientSnapshot[] = [client.getSnapshot()];
  client.subscribe(() => snapshots.push(client.getSnapshot()));
  return Object.assign(client, { snapshots });
}

/** Waits until the client's snapshot satisfies `predicate` (checked on every change). */
export function waitForSnapshot(
  client: RecallClient,
  predicate: (snapshot: RecallClientSnapshot) => boolean,
  timeoutMs = 5_000,
): Promise<RecallClientSnapshot> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const snapshot = client.getSnapshot();
      if (!predicate(snapshot)) return false;
      clearTimeout(timer);
      unsubscribe();
      resolve(snapshot);
      return true;
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Snapshot not reached: ${JSON.stringify(summary(client.getSnapshot()))}`));
    }, timeoutMs);
    const unsubscribe = client.subscribe(check);
    check();
  });
}

function summary(snapshot: RecallClientSnapshot) {
  return {
    connection: snapshot.connection,
    outbox: snapshot.outbox,
    status: snapshot.status,
    lastSeq: snapshot.session.lastSeq,
    messages: messagesOf(snapshot).length,
    lastError: snapshot.lastError,
  };
}

/** The messages of a snapshot's timeline (learner and agent), in order. */
export function messagesOf(snapshot: RecallClientSnapshot): ChatMessage[] {
  return snapshot.timeline.filter((item): item is ChatMessage => item.kind === 'message');
}

/** Whether an agent reply is still streaming. */
export function isStreaming(snapshot: RecallClientSnapshot): boolean {
  return snapshot.timeline.some((item) => item.kind === 'message' && item.status === 'streaming');
}

/** A `ws` WebSocket class that records every frame received and every close code. */
export function createProbeWebSocket(): {
  WebSocket: WebSocketLikeConstructor;
  frames: Array<Record<string, unknown>>;
  closeCodes: number[];
} {
  const frames: Array<Record<string, unknown>> = [];
  const closeCodes: number[] = [];
  class ProbeWebSocket extends WebSocket {
    constructor(address: string, protocols?: string[]) {
      super(address, protocols);
      this.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
      this.addEventListener('close', (event) => closeCodes.push(event.code));
    }
  }
  return { WebSocket: ProbeWebSocket, frames, closeCodes };
}

/**
 * Waits until the client's state has stopped changing for `quietMs` (no chunk arrived either)
 * and its outbox is empty. A reply the log shows open may remain: one cut off by a crash stays
 * open in the log until the next command closes it.
 */
export async function waitForQuiet(
  client: RecallClient,
  quietMs = 300,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = client.getSnapshot();
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const current = client.getSnapshot();
    if (current !== last) {
      last = current;
      since = Date.now();
    } else if (
      Date.now() - since >= quietMs &&
      current.connection === 'open' &&
      current.outbox === 0
    ) {
      return;
    }
  }
  throw new Error(
    `The client did not settle: ${JSON.stringify({ connection: last.connection, outbox: last.outbox })}`,
  );
}

/** The timeline items of one kind, in order. */
export function itemsOf<K extends TimelineItem['kind']>(
  snapshot: RecallClientSnapshot,
  kind: K,
): Extract<TimelineItem, { kind: K }>[] {
  return snapshot.timeline.filter(
    (item): item is Extract<TimelineItem, { kind: K }> => item.kind === kind,
  );
}

/** The topic of the rabbit hole the learner is in, or null. */
export function rabbitholeTopicOf(snapshot: RecallClientSnapshot): string | null {
  const { activeRabbitholeId, rabbitholes } = snapshot.session;
  return rabbitholes.find((visit) => visit.rabbitholeEventId === activeRabbitholeId)?.topic ?? null;
}

/** Labels of the rabbit holes the learner came back from, in order. */
export function rabbitholeLabelsOf(snapshot: RecallClientSnapshot): string[] {
  return snapshot.session.rabbitholes
    .filter((visit) => visit.status === 'exited')
    .map((visit) => visit.label);
}

/** The `seq` of an `event` frame (as a probe records it), or undefined for transient frames. */
export function seqOf(frame: unknown): number | undefined {
  const { type, event } = frame as { type?: string; event?: { seq?: number } };
  return type === 'event' ? event?.seq : undefined;
}

/** The event of an `event` frame of `eventType` (as a probe records it), or undefined. */
export function eventOf(
  frame: unknown,
  eventType: string,
): { seq: number; data: Record<string, unknown> } | undefined {
  const { type, event } = frame as {
    type?: string;
    event?: { type: string; seq: number; data: Record<string, unknown> };
  };
  return type === 'event' && event?.type === eventType ? event : undefined;
}
