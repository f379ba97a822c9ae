import { type SessionView, createSessionView, reduceSessionView } from '@recall/core/view';
import type { ClientMessage } from '../protocol/client-messages';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import { assertNever } from '../internal/assert-never';

/** A client message with the `clientMessageId` the client generated for it. */
export type OutgoingClientMessage = ClientMessage & { clientMessageId: string };

/** An error as it travels on the wire: `{ code, message, retryable, retryAfterMs?, clientMessageId? }`. */
export type WireError = Omit<ServerMessageOf<'error'>, 'type'>;

/**
 * A learner message the log does not hold yet: `pending` until acknowledged, `acked` (with
 * the seq that stores it) until that event arrives, `failed` when the server refused it.
 */
export interface LocalLine {
  clientMessageId: string;
  content: string;
  phase: 'pending' | 'acked' | 'failed';
  error?: WireError;
}

/** Text streamed so far for one response (transient: never stored, never replayed). */
export interface StreamedText {
  text: string;
  /** The chunk index expected next. */
  nextIndex: number;
}

/**
 * One client's state: the session as its log says (the shared fold, `reduceSessionView`)
 * and, beside it, only what the transport adds — the learner's unconfirmed lines, streamed
 * text by response, the last error, whether the history is in, and the learner's own
 * answers that the log does not record (overlay dismissed, a draft being typed).
 */
export interface ClientState {
  session: SessionView;
  lines: readonly LocalLine[];
  streams: Readonly<Record<string, StreamedText>>;
  lastError: WireError | null;
  /** A refusal after which the session cannot go on from this client. */
  fatal: boolean;
  /** `history_end` arrived on the current connection. */
  synced: boolean;
  /** The learner closed the completion overlay ("Continue"); kept with the persisted session. */
  overlayDismissed: boolean;
  /** The learner is typing a message (the composer is not empty). */
  drafting: boolean;
}

/** Options for {@link createClientState}. */
export interface ClientStateOptions {
  sessionId?: string;
  lines?: readonly LocalLine[];
  overlayDismissed?: boolean;
}

/** The state before any frame arrived. */
export function createClientState(options: ClientStateOptions = {}): ClientState {
  return {
    session: createSessionView(
      options.sessionId === undefined ? {} : { sessionId: options.sessionId },
    ),
    lines: options.lines ?? [],
    streams: {},
    lastError: null,
    fatal: false,
    synced: false,
    overlayDismissed: options.overlayDismissed ?? false,
    drafting: false,
  };
}

/** Errors after which the session cannot go on from this client. */
const FATAL_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'SESSION_NOT_FOUND',
  'RECALL_SET_NOT_FOUND',
  'RECALL_SET_ARCHIVED',
  'RECALL_SET_EMPTY',
  'UNSUPPORTED_PROTOCOL',
]);

/**
 * Applies one server frame. Pure; returns the same object when nothing changes. Stored
 * events go through the shared fold (a seq already applied changes nothing, so history and
 * resends are harmless); the transient frames only touch the transport state.
 */
export function applyServerFrame(state: ClientState, frame: ServerMessage): ClientState {
  switch (frame.type) {
    case 'event':
      return applyEvent(state, frame.event);
    case 'history_end':
      return state.synced ? state : { ...state, synced: true };
    case 'chunk':
      return applyChunk(state, frame);
    case 'ack':
      return updateLine(state, frame.clientMessageId, (line) =>
        line.phase === 'pending'
          ? { clientMessageId: line.clientMessageId, content: line.content, phase: 'acked' }
          : line,
      );
    case 'error':
      return applyError(state, frame);
    case 'pong':
      return state;
    default:
      return assertNever(frame, 'server frame');
  }
}

function applyEvent(state: ClientState, event: ServerMessageOf<'event'>['event']): ClientState {
  const session = reduceSessionView(state.session, event);
  if (session === state.session) return state;
  let next: ClientState = { ...state, session };
  if (event.type === 'assistant_streaming_end' && event.data.responseId in state.streams) {
    const { [event.data.responseId]: _ended, ...streams } = state.streams;
    next = { ...next, streams };
  }
  const clientMessageId = event.type === 'user_message' ? event.data.clientMessageId : undefined;
  if (clientMessageId !== undefined) {
    // The log holds it now: the local line is settled.
    const lines = state.lines.filter((line) => line.clientMessageId !== clientMessageId);
    if (lines.length !== state.lines.length) next = { ...next, lines };
  }
  return next;
}

/**
 * Chunks are assembled by index: an index below the next expected one is a duplicate; a
 * `snapshot` replaces the text with chunks 0..index; a plain chunk past a gap is ignored, so
 * the text shown is always a true prefix until a snapshot or the stored end repairs it. Only
 * a response the log shows as streaming takes chunks.
 */
function applyChunk(state: ClientState, chunk: ServerMessageOf<'chunk'>): ClientState {
  const streaming = state.session.timeline.some(
    (item) =>
      item.kind === 'message' &&
      item.responseId === chunk.responseId &&
      item.status === 'streaming',
  );
  if (!streaming) return state;
  const current = state.streams[chunk.responseId] ?? { text: '', nextIndex: 0 };
  if (chunk.index < current.nextIndex) return state;
  let next: StreamedText;
  if (chunk.snapshot === true) next = { text: chunk.text, nextIndex: chunk.index + 1 };
  else if (chunk.index === current.nextIndex) {
    next = { text: current.text + chunk.text, nextIndex: chunk.index + 1 };
  } else return state;
  return { ...state, streams: { ...state.streams, [chunk.responseId]: next } };
}

function applyError(state: ClientState, frame: ServerMessageOf<'error'>): ClientState {
  const { type: _type, ...error } = frame;
  let next: ClientState = { ...state, lastError: error };
  // A retryable refusal leaves the command queued (the outbox resends it).
  if (error.clientMessageId !== undefined && !error.retryable) {
    next = updateLine(next, error.clientMessageId, (line) =>
      line.phase === 'pending' ? { ...line, phase: 'failed', error } : line,
    );
  }
  if (FATAL_CODES.has(error.code) && next.session.status !== 'completed') {
    next = { ...next, fatal: true };
  }
  return next;
}

/** The learner sends a message: it shows at once, after everything the log holds. */
export function addLocalLine(
  state: ClientState,
  clientMessageId: string,
  content: string,
): ClientState {
  const existing = state.lines.find((line) => line.clientMessageId === clientMessageId);
  if (existing !== undefined) {
    // Resending a failed line makes it pending again, in place.
    return existing.phase === 'failed'
      ? updateLine(state, clientMessageId, () => ({ clientMessageId, content, phase: 'pending' }))
      : state;
  }
  return { ...state, lines: [...state.lines, { clientMessageId, content, phase: 'pending' }] };
}

/** A failed line is given up (the outbox will not resend it). */
export function failLocalLine(
  state: ClientState,
  clientMessageId: string,
  error: WireError,
): ClientState {
  return updateLine(state, clientMessageId, (line) => ({ ...line, phase: 'failed', error }));
}

/**
 * The link dropped: streamed text is dropped (chunks missed while offline are never resent;
 * the reconnect's `snapshot` chunk or the stored end rebuilds it) and the history must come
 * in again before the client counts as synced.
 */
export function resetConnection(state: ClientState): ClientState {
  if (!state.synced && Object.keys(state.streams).length === 0) return state;
  return { ...state, streams: {}, synced: false };
}

/** Forgets the session's log (a full resync from seq 0), keeping the learner's lines. */
export function forgetLog(state: ClientState, sessionId: string | undefined): ClientState {
  return {
    ...createClientState({
      ...(sessionId === undefined ? {} : { sessionId }),
      lines: state.lines,
      overlayDismissed: sessionId === undefined ? false : state.overlayDismissed,
    }),
    lastError: state.lastError,
  };
}

function updateLine(
  state: ClientState,
  clientMessageId: string,
  update: (line: LocalLine) => LocalLine,
): ClientState {
  const position = state.lines.findIndex((line) => line.clientMessageId === clientMessageId);
  if (position === -1) return state;
  const line = state.lines[position] as LocalLine;
  const updated = update(line);
  if (updated === line) return state;
  const lines = state.lines.slice();
  lines[position] = updated;
  return { ...state, lines };
}
