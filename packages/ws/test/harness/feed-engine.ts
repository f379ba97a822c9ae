import { randomUUID } from 'node:crypto';
import {
  type CommandResult,
  type EngineFeedItem,
  RecallError,
  type RecallSet,
  type SessionCommand,
  type NewSessionEvent,
  type SessionEvent,
  type StorageAdapter,
} from '@recall/core';
import { createEventContext } from '@recall/core/testing';
import type { RecallServerEngine } from '../../src/server/engine-port';

/**
 * A minimal engine-like source over real storage, for transport tests and benchmarks that
 * do not exercise tutoring: `startSession` appends `session_started`, a `user_message` command
 * appends `user_message` (storage de-duplicates by `clientMessageId`), other commands append
 * nothing. `publish` appends arbitrary events; `streamDelta` emits transient deltas.
 */
export interface FeedEngine extends RecallServerEngine {
  /** Appends events built from `data` entries to the session's log. */
  publish(sessionId: string, events: ReadonlyArray<PublishedEvent>): Promise<SessionEvent[]>;
  /** Emits one transient delta to the session's subscribers. */
  streamDelta(
    delta: Omit<Extract<EngineFeedItem, { kind: 'delta' }>['delta'], 'sessionId'> & {
      sessionId: string;
    },
  ): void;
  readonly commands: Array<{ sessionId: string; type: string; clientMessageId?: string }>;
}

/** One event to publish: a type with its data, as `createEventContext().build` takes them. */
export type PublishedEvent = {
  [T in SessionEvent['type']]: { type: T; data: Extract<SessionEvent, { type: T }>['data'] };
}[SessionEvent['type']];

const idOf = (command: SessionCommand): { clientMessageId?: string } =>
  command.clientMessageId === undefined ? {} : { clientMessageId: command.clientMessageId };

/** Creates a {@link FeedEngine} over `storage`. */
export function createFeedEngine(storage: StorageAdapter): FeedEngine {
  const deltaListeners = new Map<string, Set<(item: EngineFeedItem) => void>>();
  const commands: FeedEngine['commands'] = [];
  let queue: Promise<unknown> = Promise.resolve();

  // One append at a time, like the engine's per-session queue.
  function serialized<T>(run: () => Promise<T>): Promise<T> {
    const result = queue.then(run);
    queue = result.catch(() => {});
    return result;
  }

  async function append(sessionId: string, events: ReadonlyArray<PublishedEvent>) {
    const lastSeq = await storage.lastSeq(sessionId);
    const context = createEventContext({ clock: Date.now, ids: randomUUID });
    const built = events.map(
      (event) => context.build(event.type, event.data as never) as NewSessionEvent,
    );
    return storage.append(sessionId, built, { expectedSeq: lastSeq });
  }

  async function requireSession(sessionId: string) {
    const session = await storage.getSession(sessionId);
    if (session === null) throw new RecallError('SESSION_NOT_FOUND', 'No session has this id.');
    return session;
  }

  async function noop(sessionId: string, command: SessionCommand): Promise<CommandResult> {
    await requireSession(sessionId);
    const { clientMessageId: _id, ...fields } = command;
    commands.push({ sessionId, ...fields, ...idOf(command) });
    return { status: 'accepted', sessionId, lastSeq: await storage.lastSeq(sessionId) };
  }

  return {
    commands,
    async startSession(recallSetId, options = {}) {
      const recallSet: RecallSet | null = await storage.getRecallSet(recallSetId);
      if (recallSet === null) throw new RecallError('RECALL_SET_NOT_FOUND', 'No recall set.');
      const active = await storage.findActiveSession({ recallSetId, ...options });
      const sessionId = active?.id ?? randomUUID();
      if (active === null) {
        await storage.saveSession({
          id: sessionId,
          recallSetId,
          ...(options.userId === undefined ? {} : { userId: options.userId }),
          status: 'in_progress',
          targetPointIds: recallSet.points.map((point) => point.id),
          recalledPointIds: [],
          startedAt: Date.now(),
        });
      }
      await serialized(() =>
        append(sessionId, [
          {
            type: 'session_started',
            data: {
              sessionId,
              recallSetId,
              recallSetName: recallSet.name,
              totalPoints: recallSet.points.length,
              recalledCount: 0,
              resumed: active !== null,
            },
          },
        ]),
      );
      return { sessionId, resumed: active !== null };
    },
    dispatch(sessionId, command) {
      if (command.type !== 'user_message') return noop(sessionId, command);
      const { content } = command;
      const options = idOf(command);
      return serialized(async () => {
        await requireSession(sessionId);
        const result = await append(sessionId, [
          {
            type: 'user_message',
            data: {
              content,
              ...(options.clientMessageId === undefined
                ? {}
                : { clientMessageId: options.clientMessageId }),
            },
          },
        ]);
        if (result.status === 'appended') {
          commands.push({ sessionId, type: 'user_message', ...options });
        }
        const last = result.events.at(-1);
        return {
          status: result.status === 'appended' ? 'accepted' : 'duplicate',
          sessionId,
          lastSeq: last?.seq ?? 0,
        };
      });
    },
    subscribe(sessionId, options, listener) {
      const stop = storage.subscribe(sessionId, options.afterSeq, (event) =>
        listener({ kind: 'event', event }),
      );
      const listeners = deltaListeners.get(sessionId) ?? new Set();
      listeners.add(listener);
      deltaListeners.set(sessionId, listeners);
      return () => {
        stop();
        listeners.delete(listener);
      };
    },
    async close() {},
    publish(sessionId, events) {
      return serialized(async () => (await append(sessionId, events)).events);
    },
    streamDelta(delta) {
      for (const listener of deltaListeners.get(delta.sessionId) ?? [])
        listener({ kind: 'delta', delta });
    },
  };
}
