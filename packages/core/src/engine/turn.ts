import { RecallError } from '../errors/recall-error';
import type { SessionEventData, SessionEventType } from '../events/catalog';
import {
  CONTEXT_ENVELOPE_KEYS,
  type ContextEnvelopeFields,
  type NewSessionEvent,
  type NewSessionEventOf,
  type SessionEvent,
} from '../events/envelope';
import { previewSession } from '../session/reduce-session';
import type { EngineSessionState } from '../session/session-state';
import { planAppend } from '../storage/log/append-plan';
import type { AppendOptions } from '../storage/storage-adapter';
import type { EngineRuntime } from './runtime';
import type { SessionActor } from './session-actor';
import {
  awaitFloor,
  blockingResponses,
  buildOrphanClosures,
  claimStartedResponses,
  createStorageClaims,
  orphanedResponses,
  releaseResponses,
} from './session-floor';

// Events' envelopes: the one place they are assembled is a turn's event context.

/**
 * Options for {@link createEventContext}. The cross-cutting envelope fields
 * ({@link ContextEnvelopeFields}: `turnId`, `commandId`, …) are stamped on every event built.
 */
export interface EventContextOptions extends ContextEnvelopeFields {
  /** Returns epoch milliseconds. */
  clock: () => number;
  /** Returns a fresh unique id. */
  ids: () => string;
}

/** Builds envelopes for the events of one dispatch. */
export interface EventContext {
  readonly turnId: string | undefined;
  /**
   * Wraps `data` in an envelope with a fresh id, the clock's time and the context's
   * cross-cutting fields. `sessionId` and `seq` are not set here: the storage's `append`
   * assigns both.
   */
  build<T extends SessionEventType>(
    type: T,
    data: SessionEventData<T>,
    options?: { responseId?: string },
  ): NewSessionEventOf<T>;
}

/**
 * The one place event envelopes are assembled. Create one per dispatch (a command,
 * a turn); every event it builds gets a fresh id, the clock's time and the context's
 * cross-cutting fields (turn id, command id). A new cross-cutting field is one line in
 * `contextEnvelopeSchema` and nothing else. The session and the gapless `seq` are assigned
 * by the storage's `append`, and only there.
 *
 * @example
 * const context = createEventContext({ clock: Date.now, ids: randomId });
 * const event = context.build('session_paused', { sessionId, recalledCount: 2, totalPoints: 5 });
 * const { events } = await storage.append(sessionId, [event], { expectedSeq: 4 }); // events[0].seq === 5
 */
export function createEventContext(options: EventContextOptions): EventContext {
  const stamped: ContextEnvelopeFields = {};
  for (const key of CONTEXT_ENVELOPE_KEYS) {
    const value = options[key];
    if (value !== undefined) stamped[key] = value;
  }
  return {
    turnId: options.turnId,
    build(type, data, buildOptions) {
      const event = {
        id: options.ids(),
        timestamp: options.clock(),
        ...stamped,
        ...(buildOptions?.responseId === undefined ? {} : { responseId: buildOptions.responseId }),
        type,
        data,
      };
      return event as NewSessionEventOf<typeof type>;
    },
  };
}

/** Builds a batch from the session's current state (re-run after a concurrent append). */
export type BuildEvents = (context: EventContext, state: EngineSessionState) => NewSessionEvent[];

/**
 * What the storage should write in the same atomic append as a batch (`AppendOptions`), given
 * the batch as it will be stored and the state before it. Called only for storages that
 * write with the append (`writesWithAppend`), again after each concurrent append.
 */
export type BuildWrites = (
  stored: readonly SessionEvent[],
  before: EngineSessionState,
) => Pick<AppendOptions, 'reviews' | 'session'>;

/** Options for {@link Turn.append}. */
export interface TurnAppendOptions {
  writes?: BuildWrites;
  /**
   * Append the closures of orphaned responses even when `build` adds nothing (a takeover
   * that only closes a cut-off reply). @default false
   */
  closeOrphans?: boolean;
}

/** The outcome of {@link Turn.append}. */
export type AppendOutcome =
  | { status: 'appended'; events: SessionEvent[]; lastSeq: number }
  | { status: 'duplicate'; events: SessionEvent[]; lastSeq: number }
  | { status: 'empty'; events: []; lastSeq: number };

/** Options for {@link createTurn}. */
export interface TurnOptions {
  /**
   * The command's `clientMessageId`, stamped as `commandId` on every event the turn appends.
   * When the log already holds it, the turn's first append appends nothing and reports
   * `duplicate` (the command was processed, by this instance or another).
   */
  commandId?: string | undefined;
}

/** One command or turn of a session: its turn id, event context and abort signal. */
export interface Turn {
  readonly runtime: EngineRuntime;
  /** The session's actor: the turn's appends run through its write chain. */
  readonly actor: SessionActor;
  readonly turnId: string;
  readonly signal: AbortSignal;
  /**
   * Appends what `build` makes, after every earlier append of the session. Until the turn
   * has appended something, this first waits for any other writer's open turn to end and
   * closes orphaned responses in the same batch, so turns never interleave in the log.
   * Reports `duplicate`, appending nothing, when the log already holds the turn's command.
   */
  append(build: BuildEvents, options?: TurnAppendOptions): Promise<AppendOutcome>;
  /** Marks the turn finished (releases its abort controller and its claim on its responses). */
  finish(): void;
}

/** Starts a turn: one event context (one turn id) for everything the command causes. */
export function createTurn(
  runtime: EngineRuntime,
  entry: SessionActor,
  options: TurnOptions = {},
): Turn {
  const turnId = runtime.ids();
  const { commandId } = options;
  const controller = entry.beginTurn();
  const newContext = () =>
    createEventContext({
      clock: runtime.clock,
      ids: runtime.ids,
      turnId,
      ...(commandId === undefined ? {} : { commandId }),
    });
  const context = newContext();
  let opened = false;
  const startedResponseIds: string[] = [];
  const claimedResponseIds = new Set<string>();
  const storageClaims = createStorageClaims(runtime);

  async function appendNow(build: BuildEvents, options: TurnAppendOptions): Promise<AppendOutcome> {
    let conflicts = 0;
    for (;;) {
      if (!opened) await awaitFloor(entry, controller.signal);
      const processedAt = commandId === undefined ? undefined : entry.commandSeqs.get(commandId);
      if (!opened && processedAt !== undefined) {
        return { status: 'duplicate', events: [], lastSeq: processedAt };
      }
      const closures = opened
        ? []
        : buildOrphanClosures(context, orphanedResponses(entry), entry.shownText);
      const expectedSeq = entry.state.lastSeq;
      const own = build(context, previewSession(entry.state, closures));
      if (own.length === 0 && (closures.length === 0 || options.closeOrphans !== true)) {
        return { status: 'empty', events: [], lastSeq: entry.state.lastSeq };
      }
      const events = [...closures, ...own];
      for (const responseId of claimStartedResponses(runtime.storage, own)) {
        claimedResponseIds.add(responseId);
      }
      // Other processes see the response live from the moment it is in the log.
      await storageClaims.claim(claimedResponseIds);
      const writes =
        options.writes === undefined || runtime.storage.writesWithAppend !== true
          ? {}
          : options.writes(
              planAppend({ sessionId: entry.sessionId, events, expectedSeq }).events,
              entry.state,
            );
      try {
        const result = await runtime.storage.append(entry.sessionId, events, {
          expectedSeq,
          ...writes,
        });
        const lastSeq = Math.max(...result.events.map((event) => event.seq));
        if (result.status === 'duplicate')
          return { status: 'duplicate', events: result.events, lastSeq };
        opened = true;
        for (const event of result.events) {
          if (event.type === 'assistant_streaming_start') {
            startedResponseIds.push(event.data.responseId);
          }
        }
        entry.apply(result.events);
        // In-process listeners (`engine.on('event')`) get each event once it is stored.
        for (const event of result.events) runtime.emitter.emit('event', event);
        return { status: 'appended', events: result.events, lastSeq };
      } catch (error) {
        if (!isConflict(error)) throw error;
        // Another writer appended first: take its events, then rebuild from the new state.
        await entry.catchUp({ always: true });
        // It opened a turn: waiting for that turn is progress, not a failed attempt.
        if (!opened && blockingResponses(entry).length > 0) continue;
        conflicts += 1;
        if (conflicts > runtime.config.maxAppendRetries) throw error;
      }
    }
  }

  return {
    runtime,
    actor: entry,
    turnId,
    signal: controller.signal,
    append(build, options = {}) {
      return entry.serializeAppend(() => appendNow(build, options));
    },
    finish() {
      entry.endTurn(controller, startedResponseIds);
      releaseResponses(runtime.storage, claimedResponseIds);
      storageClaims.releaseAll();
    },
  };
}

function isConflict(error: unknown): boolean {
  return RecallError.isInstance(error) && error.code === 'CONCURRENCY_CONFLICT';
}
