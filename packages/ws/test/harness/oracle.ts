import type { StorageAdapter } from '@recall/core';
import { expect, vi } from 'vitest';
import type { RecallClient } from '../../src/client/client-options';
import type { ClientSessionState } from '../../src/client-state/client-session-state';
import { replayServerMessages } from '../../src/client-state/replay-server-messages';
import type { PersistedServerMessage } from '../../src/protocol/server-messages';
import { toHistoryMessage } from '../../src/protocol/to-server-message';

/** The state a fresh client rebuilds from the whole stored log: the oracle. */
export async function replayStoredLog(
  storage: StorageAdapter,
  sessionId: string,
): Promise<ClientSessionState> {
  const events = await storage.read(sessionId);
  const messages = events
    .map(toHistoryMessage)
    .filter((message): message is PersistedServerMessage => message !== null);
  return replayServerMessages(messages);
}

/** The parts of a state that must match the log (transient `lastError` is not in the log). */
export function comparable(state: ClientSessionState): Omit<ClientSessionState, 'lastError'> {
  const { lastError: _lastError, ...rest } = state;
  return rest;
}

/**
 * Nothing lost, nothing duplicated (N1–N5): the client is open, its outbox empty, every
 * `clientMessageId` it generated is stored exactly once, and its state deep-equals the
 * replay of the stored log.
 */
export async function assertConverged(
  client: RecallClient,
  storage: StorageAdapter,
  options: { sentClientMessageIds?: readonly string[] } = {},
): Promise<ClientSessionState> {
  const snapshot = client.getSnapshot();
  expect(snapshot.connection).toBe('open');
  expect(snapshot.outbox).toBe(0);
  const sessionId = snapshot.state.sessionId;
  expect(sessionId).not.toBeNull();
  const events = await storage.read(sessionId ?? '');
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
  const stored = events.flatMap((event) =>
    event.type === 'user_message' && event.data.clientMessageId !== undefined
      ? [event.data.clientMessageId]
      : [],
  );
  expect(new Set(stored).size).toBe(stored.length);
  for (const id of options.sentClientMessageIds ?? []) expect(stored).toContain(id);
  const expected = await replayStoredLog(storage, sessionId ?? '');
  expect(comparable(snapshot.state)).toEqual(comparable(expected));
  return expected;
}

/** Waits (polling) until {@link assertConverged} passes. */
export async function waitForConvergence(
  client: RecallClient,
  storage: StorageAdapter,
  options: { sentClientMessageIds?: readonly string[]; timeoutMs?: number } = {},
): Promise<ClientSessionState> {
  return vi.waitFor(() => assertConverged(client, storage, options), {
    timeout: options.timeoutMs ?? 3_000,
    interval: 20,
  });
}
