import { RecallError } from '../errors/recall-error';
import { createFsrsScheduler } from '../scheduling/fsrs-scheduler';
import type { EngineSessionState } from '../session/session-state';
import { resolveEngineConfig } from './engine-config';
import {
  type CommandOptions,
  type CommandResult,
  type EnterRabbitholeOptions,
  type SessionCommand,
  type SessionCommandOf,
  type SessionCommandType,
  sessionCommandCatalog,
} from '../commands/catalog';
import type {
  EngineFeedItem,
  RecallEngine,
  RecallEngineEvents,
  RecallEngineOptions,
} from './engine-types';
import { finishInterruptedTurns } from './interrupted-turn';
import { sendUserMessage } from './learner-turn';
import { settleOwedReviews } from './session-reviews';
import { createSpendGuard, guardedLLM } from './spend-guard';
import { type EngineRuntime, cachedSession, createRuntime, subscribeToSession } from './runtime';
import * as commands from './session-commands';
import { loadSession } from './session-log';
import type { SessionActor } from './session-actor';
import { startSession } from './start-session';
import {
  type UnstorableReason,
  findUnstorableText,
  isBlankText,
  withStorableOutput,
} from '../text/storable-text';

/**
 * Creates a session engine over a storage and an LLM adapter.
 *
 * @example
 * const engine = createRecallEngine({ storage: createMemoryStorage(), llm: createOfflineLLM() });
 * const { sessionId } = await engine.startSession(recallSet.id);
 * engine.subscribe(sessionId, { afterSeq: 0 }, (item) => render(item));
 * await engine.sendUserMessage(sessionId, 'ATP synthase makes ATP.');
 */
export function createRecallEngine(options: RecallEngineOptions): RecallEngine {
  if (options.storage?.specificationVersion !== 'recall-storage-v2') {
    throw new TypeError(
      'createRecallEngine: `storage` must be a recall-storage-v2 StorageAdapter (learning state per learner).',
    );
  }
  if (options.llm?.specificationVersion !== 'recall-llm-v1') {
    throw new TypeError('createRecallEngine: `llm` must be a recall-llm-v1 LLMAdapter.');
  }
  const config = resolveEngineConfig(options.config);
  const clock = options.clock ?? Date.now;
  const spendGuard = createSpendGuard({ storage: options.storage, config, clock });
  return new SessionEngine(
    createRuntime({
      storage: options.storage,
      llm: withStorableOutput(
        spendGuard === null ? options.llm : guardedLLM(options.llm, spendGuard),
      ),
      spendGuard,
      scheduler: options.scheduler ?? createFsrsScheduler(),
      clock,
      ids: options.ids ?? (() => crypto.randomUUID()),
      config,
    }),
  );
}

class SessionEngine implements RecallEngine {
  readonly #runtime: EngineRuntime;

  constructor(runtime: EngineRuntime) {
    this.#runtime = runtime;
  }

  async startSession(recallSetId: string, options: { userId?: string } = {}) {
    assertStorableInput({ recallSetId, userId: options.userId });
    return startSession(this.#runtime, recallSetId, options);
  }

  async dispatch(sessionId: string, command: SessionCommand): Promise<CommandResult> {
    const type: unknown = (command as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !Object.hasOwn(COMMAND_HANDLERS, type)) {
      throw new RecallError('UNKNOWN_MESSAGE_TYPE', `Unknown command type: ${String(type)}.`);
    }
    assertCommandInput(sessionId, command);
    const actor = await openSession(this.#runtime, sessionId);
    // The map is exhaustive by type, so the handler of `command.type` takes `command`.
    const handle = COMMAND_HANDLERS[command.type] as CommandHandler<SessionCommandType>;
    return handle(this.#runtime, actor, command);
  }

  sendUserMessage(sessionId: string, content: string, options: CommandOptions = {}) {
    return this.dispatch(sessionId, { ...options, type: 'user_message', content });
  }

  leaveSession(sessionId: string, options: CommandOptions = {}) {
    return this.dispatch(sessionId, { ...options, type: 'leave_session' });
  }

  dismissOverlay(sessionId: string, options: CommandOptions = {}) {
    return this.dispatch(sessionId, { ...options, type: 'dismiss_overlay' });
  }

  enterRabbithole(sessionId: string, options: EnterRabbitholeOptions) {
    return this.dispatch(sessionId, { ...options, type: 'enter_rabbithole' });
  }

  exitRabbithole(sessionId: string, options: CommandOptions = {}) {
    return this.dispatch(sessionId, { ...options, type: 'exit_rabbithole' });
  }

  declineRabbithole(sessionId: string, options: CommandOptions = {}) {
    return this.dispatch(sessionId, { ...options, type: 'decline_rabbithole' });
  }

  async whenIdle(sessionId: string): Promise<void> {
    const actor = this.#runtime.sessions.get(sessionId);
    if (actor !== undefined) await actor.whenIdle();
  }

  async getSessionState(sessionId: string): Promise<EngineSessionState> {
    assertStorableInput({ sessionId });
    const actor = await loadSession(this.#runtime, sessionId);
    await actor.catchUp();
    await settleOwedReviews(actor);
    finishInterruptedTurns(this.#runtime, actor);
    return actor.state;
  }

  subscribe(
    sessionId: string,
    options: { afterSeq: number },
    listener: (item: EngineFeedItem) => void,
  ): () => void {
    assertStorableInput({ sessionId });
    // A client attaching to a session this instance has not loaded: take it over, finishing a
    // turn a dead writer left open.
    if (!this.#runtime.sessions.has(sessionId) && !this.#runtime.closed) {
      loadSession(this.#runtime, sessionId).then(
        (entry) => finishInterruptedTurns(this.#runtime, entry),
        () => undefined,
      );
    }
    return subscribeToSession(this.#runtime, sessionId, options.afterSeq, listener);
  }

  on<K extends keyof RecallEngineEvents>(event: K, listener: RecallEngineEvents[K]): this {
    this.#runtime.emitter.on(event, listener as never);
    return this;
  }

  off<K extends keyof RecallEngineEvents>(event: K, listener?: RecallEngineEvents[K]): this {
    this.#runtime.emitter.off(event, listener as never);
    return this;
  }

  once<K extends keyof RecallEngineEvents>(event: K, listener: RecallEngineEvents[K]): this {
    this.#runtime.emitter.once(event, listener as never);
    return this;
  }

  async close(): Promise<void> {
    const runtime = this.#runtime;
    runtime.closed = true;
    for (const actor of runtime.sessions.values()) actor.abort();
    await Promise.all([...runtime.sessions.values()].map((actor) => actor.whenIdle()));
    runtime.emitter.removeAllListeners();
  }
}

/** Runs one command of type `T` on its session's actor, once its input was checked. */
type CommandHandler<T extends SessionCommandType> = (
  runtime: EngineRuntime,
  actor: SessionActor,
  command: SessionCommandOf<T>,
) => Promise<CommandResult>;

/**
 * The one handler map: every command type to the engine function that runs it (adding a
 * command to the catalog fails to compile until it has a handler here).
 */
const COMMAND_HANDLERS: { readonly [T in SessionCommandType]: CommandHandler<T> } = {
  user_message: (runtime, actor, command) =>
    sendUserMessage(runtime, actor, command.content, command),
  leave_session: commands.leaveSession,
  enter_rabbithole: commands.enterRabbithole,
  exit_rabbithole: commands.exitRabbithole,
  decline_rabbithole: commands.declineRabbithole,
  dismiss_overlay: commands.dismissOverlay,
};

/** The session a command runs on, loaded and with a turn a dead writer left open finished. */
async function openSession(runtime: EngineRuntime, sessionId: string): Promise<SessionActor> {
  if (runtime.closed) throw new RecallError('ABORTED', 'The engine is closed.');
  const actor = cachedSession(runtime, sessionId) ?? (await loadSession(runtime, sessionId));
  if (actor.hasUnclaimedResponses()) finishInterruptedTurns(runtime, actor);
  return actor;
}

const REASONS: Record<UnstorableReason, string> = {
  nul: 'Must not contain a NUL character (U+0000).',
  'unpaired-surrogate': 'Must not contain an unpaired UTF-16 surrogate.',
};

/**
 * The engine's own check of text it is handed (ids, learner text), run before anything is
 * read or stored, so a direct caller gets the same typed refusal on every storage: a
 * `RecallError` `INVALID_MESSAGE` that names the field. `undefined` fields are skipped.
 */
export function assertStorableInput(fields: Record<string, string | undefined>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      throw new RecallError('INVALID_MESSAGE', `${field}: Expected a string.`);
    }
    const reason = findUnstorableText(value);
    if (reason !== null) throw new RecallError('INVALID_MESSAGE', `${field}: ${REASONS[reason]}`);
  }
}

/**
 * {@link assertStorableInput} for a command: its session id, the text fields its catalog entry
 * names and its `clientMessageId`; a learner message must also show something.
 */
function assertCommandInput(sessionId: string, command: SessionCommand): void {
  const fields: Record<string, string | undefined> = { sessionId };
  for (const name of Object.keys(sessionCommandCatalog[command.type].fields)) {
    fields[name] = (command as unknown as Record<string, string | undefined>)[name];
  }
  fields.clientMessageId = command.clientMessageId;
  assertStorableInput(fields);
  if (command.type === 'user_message' && isBlankText(command.content)) {
    throw new RecallError('INVALID_MESSAGE', 'content: The message is empty.');
  }
}
