import { RecallError, toRecallError } from '../errors/recall-error';
import type { SessionEvent } from '../events/envelope';
import type { PointSchedule } from '../model/schedule';
import { reduceSession } from '../session/reduce-session';
import { createSessionState, type EngineSessionState } from '../session/session-state';
import type { CommandResult } from './engine-types';
import { type PlannedReview, planReviews, settleOwedReviews } from './session-reviews';
import { type EngineRuntime, pruneSessionCache, reportError } from './runtime';
import { recordTurnDuration, refuseWhenBusy } from './session-floor';

/** Resolves the command's promise; the task may keep running afterwards. */
export type Accept = (result: CommandResult) => void;

/** A command's work, run by the session's actor once every earlier command has finished. */
export type CommandTask = (accept: Accept) => Promise<void>;

/** Options for {@link SessionActor.enqueue}. */
export interface EnqueueOptions {
  /**
   * The command is a learner message: refused with `SESSION_BUSY` before it is queued (so
   * before anything is stored) when a command runs and one waits. @default undefined
   */
  learnerMessage?: { clientMessageId: string | undefined };
}

/** Options for creating a {@link SessionActor}. */
export interface SessionActorOptions {
  sessionId: string;
  recallSetId: string;
  targetPointIds: readonly string[];
  userId?: string;
  /** Created by this engine: nobody else appends before its first command. @default false */
  createdHere?: boolean;
  /** The learner's schedules of the set, when already read. @default null (read on demand) */
  schedules?: Map<string, PointSchedule> | null;
}

const REMEMBERED_COMMANDS = 200;

/**
 * The one owner of a session in this engine, a mailbox in the manner of an actor: it runs the
 * session's commands one at a time, in order, folds the log into its state, chains its appends
 * and keeps what it knows of the session's writers and owed reviews. Its fields change only
 * through its methods (the turn, the floor and the review writer are its parts).
 */
export class SessionActor {
  readonly runtime: EngineRuntime;
  readonly sessionId: string;
  /** `user_message` clientMessageIds seen in the log → their seq. */
  readonly clientMessageIds = new Map<string, number>();
  /** Command ids (`commandId` envelope field) seen in the log → seq of their first event. */
  readonly commandSeqs = new Map<string, number>();
  #state: EngineSessionState;
  #createdHere: boolean;
  #schedules: Map<string, PointSchedule> | null;
  #owedReviews: PlannedReview[] = [];
  /** Results of commands that appended nothing, by clientMessageId: the log cannot hold them. */
  readonly #commandResults = new Map<string, CommandResult>();
  #queueTail: Promise<void> = Promise.resolve();
  #pendingCommands = 0;
  #writeTail: Promise<unknown> = Promise.resolve();
  #controller: AbortController | null = null;
  /** When the learner turn now running started (engine clock). */
  #runningSince: number | undefined;
  /** Responses whose writer is known to be gone: orphans at once, not after a delay. */
  readonly #abandoned = new Set<string>();
  /** The abandoned responses this instance started, with the text it showed the learner. */
  readonly #shownText = new Map<string, string>();

  constructor(runtime: EngineRuntime, options: SessionActorOptions) {
    const { createdHere = false, schedules = null, ...origin } = options;
    this.runtime = runtime;
    this.sessionId = options.sessionId;
    const { declineCooldownMessages } = runtime.config;
    this.#state = createSessionState({ ...origin, declineCooldownMessages });
    this.#createdHere = createdHere;
    this.#schedules = schedules;
  }

  /** The session's state, folded from its log. */
  get state(): EngineSessionState {
    return this.#state;
  }

  /** True when no command is queued or running and no turn is open here. */
  get idle(): boolean {
    return this.#pendingCommands === 0 && this.#controller === null;
  }

  /** Folds events into the state (already-applied events are ignored by the reducer). */
  apply(events: readonly SessionEvent[]): void {
    for (const event of events) {
      if (event.type === 'user_message' && event.data.clientMessageId !== undefined) {
        this.clientMessageIds.set(event.data.clientMessageId, event.seq);
      }
      if (event.commandId !== undefined && !this.commandSeqs.has(event.commandId)) {
        this.commandSeqs.set(event.commandId, event.seq);
      }
      this.#state = reduceSession(this.#state, event);
    }
  }

  /**
   * Reads and applies whatever other writers appended since the state. The reviews their
   * events call for become owed (their writer may have died before writing them). Reads
   * nothing when the state is known to be current — a session this engine just created, or a
   * head the storage knows without a round trip (`knownLastSeq`) — unless `always`: after a
   * conflict the log is known to have moved, whatever a late notice says.
   */
  async catchUp(options: { always?: boolean } = {}): Promise<void> {
    const head = this.#state.lastSeq;
    if (options.always !== true) {
      if (this.#createdHere && head === 0) return;
      if (this.runtime.storage.knownLastSeq?.(this.sessionId) === head) return;
    }
    const events = await this.runtime.storage.read(this.sessionId, { afterSeq: head });
    if (events.length === 0) return;
    const before = this.#state;
    this.apply(events);
    this.#owedReviews.push(...planReviews(before, events));
  }

  /**
   * Runs `task` after every earlier command of the session (FIFO), once the state has caught
   * up and owed reviews are written. The returned promise settles when the task calls
   * `accept` (the command is durably taken) or fails before it; failures after acceptance are
   * reported as session errors, never thrown.
   */
  enqueue(task: CommandTask, options: EnqueueOptions = {}): Promise<CommandResult> {
    const { runtime } = this;
    if (runtime.closed) return Promise.reject(new RecallError('ABORTED', 'The engine is closed.'));
    const { learnerMessage } = options;
    const busy =
      learnerMessage === undefined
        ? null
        : refuseWhenBusy(this, {
            clientMessageId: learnerMessage.clientMessageId,
            pendingCommands: this.#pendingCommands,
            runningSince: this.#runningSince,
          });
    if (busy !== null) return Promise.reject(busy);
    this.#pendingCommands += 1;
    return new Promise<CommandResult>((resolve, reject) => {
      let settled = false;
      const accept: Accept = (result) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const run = async () => {
        const finishTiming = learnerMessage === undefined ? null : this.#timeLearnerTurn();
        try {
          if (runtime.closed) throw new RecallError('ABORTED', 'The engine is closed.');
          await this.catchUp();
          if (this.#owedReviews.length > 0) await settleOwedReviews(this);
          await task(accept);
          if (!settled) throw new RecallError('INTERNAL_ERROR', 'The command produced no result.');
        } catch (error) {
          const recallError = toRecallError(error);
          if (settled) reportError(runtime, this.sessionId, recallError);
          else {
            settled = true;
            reject(recallError);
          }
        } finally {
          finishTiming?.();
          this.#pendingCommands -= 1;
          pruneSessionCache(runtime);
        }
      };
      this.#queueTail = this.#queueTail.then(run);
    });
  }

  /** Resolves once the session has no queued or running command. */
  async whenIdle(): Promise<void> {
    let tail: Promise<void> | undefined;
    while (tail !== this.#queueTail) {
      tail = this.#queueTail;
      await tail;
    }
  }

  /** Aborts the running turn (the engine closes). */
  abort(): void {
    this.#controller?.abort();
  }

  /** Runs `write` after every earlier append of the session (one append at a time). */
  serializeAppend<T>(write: () => Promise<T>): Promise<T> {
    const result = this.#writeTail.then(write);
    this.#writeTail = result.catch(() => undefined);
    return result;
  }

  /** Opens a turn: its abort controller is the one {@link abort} reaches. */
  beginTurn(): AbortController {
    this.#controller = new AbortController();
    return this.#controller;
  }

  /**
   * Closes a turn. A response it started and could not end (storage failure) has no writer
   * any more: the next command closes it with the text shown; forgets closed ones.
   */
  endTurn(controller: AbortController, startedResponseIds: readonly string[]): void {
    if (this.#controller === controller) this.#controller = null;
    const open = new Set(this.#state.openResponses.map((response) => response.responseId));
    for (const responseId of this.#abandoned) {
      if (!open.has(responseId)) this.#abandoned.delete(responseId);
    }
    for (const responseId of this.#shownText.keys()) {
      if (!open.has(responseId)) this.#shownText.delete(responseId);
    }
    for (const responseId of startedResponseIds) {
      if (!open.has(responseId)) continue;
      this.#abandoned.add(responseId);
      if (!this.#shownText.has(responseId)) this.#shownText.set(responseId, '');
    }
  }

  /** Records the text the learner saw of a response, before storing its end. */
  showText(responseId: string, text: string): void {
    this.#shownText.set(responseId, text);
  }

  /** The text shown of the responses this instance started and could not end. */
  get shownText(): ReadonlyMap<string, string> {
    return this.#shownText;
  }

  /**
   * Whether the log shows an open response that no turn of this instance streams and that
   * this instance did not give up itself: a turn another writer may have left cut off.
   */
  hasUnclaimedResponses(): boolean {
    const { liveResponses } = this.runtime;
    return this.#state.openResponses.some(
      (open) => !liveResponses.has(open.responseId) && !this.#shownText.has(open.responseId),
    );
  }

  /** Marks a response's writer as gone (its process died, or this instance gave it up). */
  markWriterGone(responseId: string): void {
    this.#abandoned.add(responseId);
  }

  /** Whether a response's writer is known to be gone. */
  isWriterGone(responseId: string): boolean {
    return this.#abandoned.has(responseId);
  }

  /** The learner's schedules of the set as this instance last read or wrote them. */
  get schedules(): Map<string, PointSchedule> | null {
    return this.#schedules;
  }

  /** Keeps the learner's schedules (read from storage, or left by this instance's reviews). */
  useSchedules(schedules: Map<string, PointSchedule>): void {
    this.#schedules = schedules;
  }

  /** Adds reviews the log calls for that may be missing from storage (`first`: ahead). */
  oweReviews(reviews: readonly PlannedReview[], options: { first?: boolean } = {}): void {
    if (options.first === true) this.#owedReviews.unshift(...reviews);
    else this.#owedReviews.push(...reviews);
  }

  /** Takes the owed reviews to write them (give back the failed ones with {@link oweReviews}). */
  takeOwedReviews(): PlannedReview[] {
    const owed = this.#owedReviews;
    this.#owedReviews = [];
    return owed;
  }

  /** The result of a command that appended nothing, by its clientMessageId. */
  rememberedResult(clientMessageId: string): CommandResult | undefined {
    return this.#commandResults.get(clientMessageId);
  }

  /** Remembers the result of a command that appended nothing (the latest 200). */
  rememberResult(clientMessageId: string, result: CommandResult): void {
    this.#commandResults.set(clientMessageId, result);
    if (this.#commandResults.size > REMEMBERED_COMMANDS) {
      this.#commandResults.delete(this.#commandResults.keys().next().value!);
    }
  }

  /** Marks a learner turn as running; the returned function records its duration. */
  #timeLearnerTurn(): () => void {
    const { runtime } = this;
    const startedAt = runtime.clock();
    this.#runningSince = startedAt;
    return () => {
      if (this.#runningSince === startedAt) this.#runningSince = undefined;
      recordTurnDuration(runtime, Math.max(0, runtime.clock() - startedAt));
    };
  }
}
