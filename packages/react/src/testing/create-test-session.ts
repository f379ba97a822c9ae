import {
  type EngineFeedItem,
  type LLMAdapter,
  type NewSessionEvent,
  type RecallEngine,
  type SessionEventData,
  type SessionEvent,
  type SessionEventType,
  type StorageAdapter,
  createMemoryStorage,
  createRecallEngine,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { formatSessionLog, importSessionLog } from '@recall/core/storage/log';
import { createEventContext } from '@recall/core/testing';
import { type ConnectionState, type RecallClient, createRecallClient } from '@recall/ws';
import type { ClientMessage } from '@recall/ws/protocol';
import { type InProcessTransport, createInProcessTransport } from '@recall/ws/testing';
import { RECORDED_RECALL_SET, SESSION_FIXTURES, type SessionFixtureName } from './recorded-session';

/** Options for {@link createTestSession}. */
export interface TestSessionOptions {
  /** The recorded state to start from. @default 'idle' */
  fixture?: SessionFixtureName;
  /** Where the client's link stands once the history is in. @default 'open' */
  connection?: Extract<ConnectionState, 'connecting' | 'open' | 'reconnecting' | 'closed'>;
  /** The model the engine answers with. @default the offline tutor */
  llm?: LLMAdapter;
}

/**
 * A real session for tests and stories, in the page: a memory storage seeded with a recorded
 * log, a real engine, and the real `createRecallClient` connected to it through the in-process
 * transport of `@recall/ws/testing` (the same serializer and command dispatch as the server).
 */
export interface TestSession {
  readonly client: RecallClient;
  readonly transport: InProcessTransport;
  readonly engine: RecallEngine;
  readonly storage: StorageAdapter;
  readonly sessionId: string;
  /** Resolves once the client holds the fixture's state (and its connection is as asked). */
  readonly ready: Promise<void>;
  /** The commands the client sent, in order (pings left out). */
  commands(): ClientMessage[];
  /** Appends an event to the session's log, as the engine would: every client receives it. */
  append<T extends SessionEventType>(
    type: T,
    data: SessionEventData<T>,
    options?: { responseId?: string },
  ): Promise<void>;
  /** Sends a feed item (a chunk, an error) to the session's clients through the server's serializer. */
  emit(item: EngineFeedItem): void;
  /** Closes the client and the engine. */
  close(): Promise<void>;
}

const FIXTURE_SESSION_ID = 'session-photosynthesis-1';

/**
 * Creates a {@link TestSession}; usable at once (the client shows `connecting` until the
 * history is in; await `ready`).
 *
 * @example
 * const session = createTestSession({ fixture: 'rabbitholePrompt' });
 * render(<RecallProvider client={session.client}><RabbitholePrompt.Root /></RecallProvider>);
 * await session.ready;
 */
export function createTestSession(options: TestSessionOptions = {}): TestSession {
  const feed = SESSION_FIXTURES[options.fixture ?? 'idle'];
  const events = feed.flatMap((item) => (item.kind === 'event' ? [item.event] : []));
  const lastEvent = feed.findLastIndex((item) => item.kind === 'event');
  // Chunks and errors after the last stored event are still live when the client attaches.
  const live = feed.slice(lastEvent + 1).filter((item) => item.kind !== 'event');
  const recording = recordingWriter(events);
  const storage = recording.storage(createMemoryStorage());
  const engine = createRecallEngine({ storage, llm: options.llm ?? createOfflineLLM() });
  const seeded = seed(storage, events);
  const connection = options.connection ?? 'open';
  const transport = createInProcessTransport({
    engine,
    // The recording's learner: the transport, like the server, opens only their session.
    ...learnerOf(events),
    ready: seeded,
    online: connection !== 'connecting' && events.length > 0,
  });
  const client = createRecallClient({
    url: transport.url,
    sessionId: FIXTURE_SESSION_ID,
    WebSocket: transport.WebSocket,
    storage: null,
  });
  const ready = (async () => {
    await seeded;
    if (connection === 'connecting' || events.length === 0) return;
    await waitFor(client, (snapshot) => snapshot.status !== 'connecting');
    for (const item of live) transport.emit(FIXTURE_SESSION_ID, item);
    if (connection === 'reconnecting') {
      transport.setOnline(false);
      await waitFor(client, (snapshot) => snapshot.connection === 'reconnecting');
    }
    if (connection === 'closed') client.close();
  })();
  let appended = 0;
  const context = createEventContext({
    clock: () => Date.now(),
    ids: () => `appended-${++appended}`,
  });
  return {
    client,
    transport,
    engine,
    storage,
    sessionId: FIXTURE_SESSION_ID,
    ready,
    commands: () => transport.received.filter((message) => message.type !== 'ping'),
    async append(type, data, appendOptions) {
      const expectedSeq = await storage.lastSeq(FIXTURE_SESSION_ID);
      const event = context.build(type, data, appendOptions) as NewSessionEvent;
      await storage.append(FIXTURE_SESSION_ID, [event], { expectedSeq });
      if (event.type === 'assistant_streaming_end') recording.release(event.data.responseId);
    },
    emit: (item) => transport.emit(FIXTURE_SESSION_ID, item),
    async close() {
      recording.releaseAll();
      client.close();
      await engine.close();
    },
  };
}

/**
 * The node that wrote the recording, still streaming the replies the fixture leaves open (the
 * `streaming` fixture stops mid-reply). The engine sees the log as a shared storage whose
 * writer of those replies lives, so it waits for them as for another node's turn, instead of
 * taking the session over and finishing them as interrupted. A reply is released when the
 * test appends its end (or the session closes); like any writer's, it is taken over after
 * `orphanedResponseMs` if it never ends.
 */
function recordingWriter(events: readonly SessionEvent[]) {
  const streaming = new Set<string>();
  for (const event of events) {
    if (event.type === 'assistant_streaming_start') streaming.add(event.data.responseId);
    if (event.type === 'assistant_streaming_end') streaming.delete(event.data.responseId);
  }
  return {
    storage: (storage: StorageAdapter): StorageAdapter =>
      streaming.size === 0
        ? storage
        : {
            ...storage,
            scope: 'shared',
            isResponseLive: async (responseId) => streaming.has(responseId),
          },
    release: (responseId: string) => streaming.delete(responseId),
    releaseAll: () => streaming.clear(),
  };
}

// The recording keeps its pace but is moved to end now, so its times (the session's start,
// the timer) read as a session that is going on.
async function seed(storage: StorageAdapter, events: Parameters<typeof formatSessionLog>[0]) {
  await storage.saveRecallSet(RECORDED_RECALL_SET);
  if (events.length === 0) return;
  const offset = Date.now() - (events.at(-1)?.timestamp ?? 0);
  const moved = events.map((event) => ({ ...event, timestamp: event.timestamp + offset }));
  await importSessionLog(storage, formatSessionLog(moved));
}

function learnerOf(events: readonly SessionEvent[]): { userId?: string } {
  const started = events.find((event) => event.type === 'session_started');
  const userId = started?.type === 'session_started' ? started.data.userId : undefined;
  return typeof userId === 'string' ? { userId } : {};
}

function waitFor(
  client: RecallClient,
  predicate: (snapshot: ReturnType<RecallClient['getSnapshot']>) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!predicate(client.getSnapshot())) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = client.subscribe(check);
    check();
  });
}
