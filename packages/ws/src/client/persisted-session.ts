import type { OutgoingClientMessage } from './client-state';
import { decodeOutgoingMessage } from './decode-outgoing-message';

/** The part of the Web Storage API the client uses (sessionStorage, localStorage, a shim). */
export type ClientStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * What survives a page reload: the session, the unacknowledged commands, and the learner's
 * answers the log does not record (the completion overlay closed with "Continue").
 */
export interface PersistedSession {
  sessionId: string;
  outbox: OutgoingClientMessage[];
  overlayDismissed: boolean;
}

/** Reads and writes one client's {@link PersistedSession}; storage failures are ignored. */
export interface SessionPersistence {
  load(): PersistedSession | null;
  save(session: PersistedSession): void;
  clear(): void;
}

/** The version of the record the client writes (it still reads version 1). */
export const PERSISTED_SESSION_VERSION = 2;

/** The storage key for a client of this recall set (or this session). */
export function persistenceKey(target: { recallSetId?: string; sessionId?: string }): string {
  return target.recallSetId !== undefined
    ? `recall:set:${target.recallSetId}`
    : `recall:session:${target.sessionId ?? ''}`;
}

/**
 * Reads back the session a client saved before a reload, once, when it starts. A full or
 * unavailable storage (private mode, quota) must never break the live session, so the access
 * is guarded; a corrupt or foreign value reads as nothing.
 */
export function readPersistedSession(
  storage: ClientStorage | null,
  key: string,
): PersistedSession | null {
  if (storage === null) return null;
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : decode(raw);
  } catch {
    return null;
  }
}

// Version 1 (written before the overlay's dismissal was kept) reads as not dismissed, so an
// upgrade keeps the unacknowledged commands.
function decode(raw: string): PersistedSession | null {
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'object' || value === null) return null;
  const { version, sessionId, outbox, overlayDismissed } = value as Record<string, unknown>;
  if (version !== 1 && version !== PERSISTED_SESSION_VERSION) return null;
  if (typeof sessionId !== 'string' || sessionId.length === 0) return null;
  const entries: OutgoingClientMessage[] = [];
  for (const entry of Array.isArray(outbox) ? outbox : []) {
    const message = decodeOutgoingMessage(entry);
    if (message !== null) entries.push(message);
  }
  return { sessionId, outbox: entries, overlayDismissed: overlayDismissed === true };
}

/** `sessionStorage` when the environment has a usable one, else `null`. */
export function defaultClientStorage(): ClientStorage | null {
  try {
    const storage = (globalThis as { sessionStorage?: ClientStorage }).sessionStorage;
    return storage ?? null;
  } catch {
    // Accessing sessionStorage throws in sandboxed iframes.
    return null;
  }
}
