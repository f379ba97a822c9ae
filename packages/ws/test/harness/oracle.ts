import { type StorageAdapter, redactSessionEvent } from '@recall/core';
import { expect, vi } from 'vitest';
import type { RecallClient } from '../../src/client/client-options';
import { createReplayClient } from '../../src/client/replay-client';
import type { RecallClientSnapshot } from '../../src/client/snapshot';

/** The snapshot a fresh client rebuilds from the whole stored log: the oracle. */
export async function replayStoredLog(
  storage: StorageAdapter,
  sessionId: string,
): Promise<RecallClientSnapshot> {
  const events = await storage.read(sessionId);
  return createReplayClient({ events: events.map(redactSessionEvent) }).getSnapshot();
}

/** The parts of a snapshot that must match the log (not the link, the outbox or the last error). */
export function comparable(snapshot: RecallClientSnapshot) {
  const { connection: _connection, outbox: _outbox, lastError: _lastError, ...rest } = snapshot;
  return rest;
}

/**
 * Nothing lost, nothing duplicated (N1–N5): the client is open, its outbox empty, every
 * `clientMessageId` it generated is stored exactly once, and its snapshot deep-equals the
 * replay of the stored log.
 */
export async function assertConverged(
  client: RecallClient,
  storage: StorageAdapter,
  options: { sentClientMessageIds?: readonly string[] } = {},
): Promise<RecallClientSnapshot> {
  const snapshot = client.getSnapshot();
  expect(snapshot.connection).toBe('open');
  expect(snapshot.outbox).toBe(0);
  const sessionId = snapshot.session.sessionId;
  expect(sessionId).not.toBe('');
  const events = await storage.read(sessionId);
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
  const stored = events.flatMap((event) =>
    event.type === 'user_message' && event.data.clientMessageId !== undefined
      ? [event.data.clientMessageId]
      : [],
  );
  expect(new Set(stored).size).toBe(stored.length);
  for (const id of options.sentClientMessageIds ?? []) expect(stored).toContain(id);
  const expected = await replayStoredLog(storage, sessionId);
  expect(comparable(snapshot)).toEqual(comparable(expected));
  return expected;
}

/** Waits (polling) until {@link assertConverged} passes. */
export async function waitForConvergence(
  client: RecallClient,
  storage: StorageAdapter,
  options: { sentClientMessageIds?: readonly string[]; timeoutMs?: number } = {},
): Promise<RecallClientSnapshot> {
  return vi.waitFor(() => assertConverged(client, storage, options), {
    timeout: options.timeoutMs ?? 3_000,
    interval: 20,
  });
}
