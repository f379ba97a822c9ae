import type { OutgoingClientMessage } from './client-state';

/** How an answer from the server settled the command in flight. */
export type OutboxSettlement =
  /** Stored: the command left the outbox. */
  | { kind: 'acked'; message: OutgoingClientMessage }
  /** Refused for good: the command left the outbox. */
  | { kind: 'failed'; message: OutgoingClientMessage }
  /** Refused for now (a retryable error): it stays first in line and is sent again later. */
  | { kind: 'retrying'; message: OutgoingClientMessage }
  /** The answer is not about the command in flight. */
  | { kind: 'unrelated' };

/** A server answer the outbox settles commands with. */
export type OutboxAnswer =
  | { type: 'ack'; clientMessageId: string }
  | {
      type: 'error';
      retryable: boolean;
      retryAfterMs?: number | undefined;
      clientMessageId?: string | undefined;
    };

/** Options for {@link createOutbox}. */
export interface OutboxOptions {
  /** Commands restored from the persisted session, oldest first. */
  entries?: readonly OutgoingClientMessage[];
  /** Epoch milliseconds. @default Date.now */
  now?: () => number;
  /** Retryable refusals of one command tolerated; the next one fails it. @default 8 */
  maxRetries?: number;
}

/**
 * The commands not acknowledged yet, sent one at a time in the order issued, each with its
 * `clientMessageId` (so the server processes it once, however often it is resent). A command
 * refused with a retryable error (`SESSION_BUSY` while a turn runs, `RATE_LIMITED`, a storage
 * hiccup) stays first in line — nothing behind it overtakes it — and is sent again after the
 * server's `retryAfterMs`, or as soon as the running turn ends, whichever comes first; without
 * either, after an exponential wait. After `maxRetries` such refusals it fails.
 */
export interface Outbox {
  /** Queued commands, oldest first, the one in flight included. */
  readonly entries: readonly OutgoingClientMessage[];
  /** Epoch ms from when the first command may be sent again; `null` when it need not wait. */
  readonly resendAt: number | null;
  /** Queues a command (once per `clientMessageId`). */
  enqueue(message: OutgoingClientMessage): void;
  /** The command to send now, marked in flight; `null` when one is in flight, none waits, or it must wait. */
  take(): OutgoingClientMessage | null;
  /** Settles the command in flight with the server's answer. */
  settle(answer: OutboxAnswer): OutboxSettlement;
  /** A turn of the session ended (its `assistant_streaming_end` arrived): a busy refusal may be sent again. */
  turnEnded(): void;
  /** The connection dropped: the command in flight is sent again on the next connection. */
  connectionLost(): void;
  /** Sends the first command at once, without waiting (e.g. the learner asked to retry). */
  skipWait(): void;
}

const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 30_000;

/** Creates an {@link Outbox}. */
export function createOutbox(options: OutboxOptions = {}): Outbox {
  const now = options.now ?? Date.now;
  const maxRetries = options.maxRetries ?? 8;
  let entries: readonly OutgoingClientMessage[] = options.entries ?? [];
  let inFlight: string | null = null;
  let resendAt: number | null = null;
  let waitingForTurn = false;
  let retries = 0;

  function removeHead(): OutgoingClientMessage {
    const [head, ...rest] = entries as [OutgoingClientMessage, ...OutgoingClientMessage[]];
    entries = rest;
    inFlight = null;
    resendAt = null;
    waitingForTurn = false;
    retries = 0;
    return head;
  }

  return {
    get entries() {
      return entries;
    },
    get resendAt() {
      return resendAt;
    },
    enqueue(message) {
      if (entries.some((entry) => entry.clientMessageId === message.clientMessageId)) return;
      entries = [...entries, message];
    },
    take() {
      const head = entries[0];
      if (head === undefined || inFlight !== null) return null;
      if (resendAt !== null && now() < resendAt) return null;
      resendAt = null;
      waitingForTurn = false;
      inFlight = head.clientMessageId;
      return head;
    },
    settle(answer) {
      const head = entries[0];
      if (
        head === undefined ||
        answer.clientMessageId === undefined ||
        answer.clientMessageId !== head.clientMessageId
      ) {
        return { kind: 'unrelated' };
      }
      if (answer.type === 'ack') return { kind: 'acked', message: removeHead() };
      if (!answer.retryable || retries >= maxRetries) {
        return { kind: 'failed', message: removeHead() };
      }
      inFlight = null;
      const backoff = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** retries);
      retries += 1;
      resendAt = now() + (answer.retryAfterMs ?? backoff);
      waitingForTurn = true;
      return { kind: 'retrying', message: head };
    },
    turnEnded() {
      if (waitingForTurn) resendAt = null;
    },
    connectionLost() {
      inFlight = null;
    },
    skipWait() {
      resendAt = null;
      waitingForTurn = false;
    },
  };
}

/** A fresh `clientMessageId`: a UUID where available (browsers, Node ≥ 19), else random hex. */
export function createClientMessageId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  let id = '';
  for (let index = 0; index < 32; index += 1) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}
