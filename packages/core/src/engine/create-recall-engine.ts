import { EventEmitter } from 'eventemitter3';
import { RecallError } from '../errors/recall-error';
import { withStorableOutput } from '../llm/storable-output';
import { createFsrsScheduler } from '../scheduling/fsrs-scheduler';
import type { EngineSessionState } from '../session/session-state';
import { assertLearnerMessage, assertStorableInput } from './command-input';
import { resolveEngineConfig } from './engine-config';
import type {
  CommandOptions,
  CommandResult,
  EngineFeedItem,
  EnterRabbitholeOptions,
  RecallEngine,
  RecallEngineEvents,
  RecallEngineOptions,
} from './engine-types';
import { finishInterruptedTurns } from './interrupted-turn';
import { sendUserMessage } from './learner-turn';
import { settleOwedReviews } from './session-reviews';
import { createSpendGuard, guardedLLM } from './spend-guard';
import type { EngineRuntime } from './runtime';
import * as commands from './session-commands';
import { loadSession } from './session-log';
import { subscribeToSession } from './session-feed';
import { startSession } from './start-session';

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
  return new SessionEngine({
    storage: options.storage,
    llm: withStorableOutput(
      spendGuard === null ? options.llm : guardedLLM(options.llm, spendGuard),
    ),
    spendGuard,
    scheduler: options.scheduler ?? createFsrsScheduler(),
    clock,
    ids: options.ids ?? (() => crypto.randomUUID()),
    config,
    emitter: new EventEmitter<RecallEngineEvents>(),
    sessions: new Map(),
    loading: new Map(),
    liveResponses: new Map(),
    feeds: new Map(),
    startLocks: new Map(),
    closed: false,
  });
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

  async sendUserMessage(sessionId: string, content: string, options: CommandOptions = {}) {
    assertLearnerMessage({ sessionId, content, clientMessageId: options.clientMessageId });
    return sendUserMessage(this.#runtime, await this.#entry(sessionId, options), content, options);
  }

  async leaveSession(sessionId: string, options: CommandOptions = {}) {
    return commands.leaveSession(this.#runtime, await this.#entry(sessionId, options), options);
  }

  async dismissOverlay(sessionId: string, options: CommandOptions = {}) {
    return commands.dismissOverlay(this.#runtime, await this.#entry(sessionId, options), options);
  }

  async enterRabbithole(
    sessionId: string,
    options: EnterRabbitholeOptions,
  ): Promise<CommandResult> {
    const { rabbitholeEventId, topic } = options;
    assertStorableInput({ rabbitholeEventId, topic });
    return commands.enterRabbithole(this.#runtime, await this.#entry(sessionId, options), options);
  }

  async exitRabbithole(sessionId: string, options: CommandOptions = {}) {
    return commands.exitRabbithole(this.#runtime, await this.#entry(sessionId, options), options);
  }

  async declineRabbithole(sessionId: string, options: CommandOptions = {}) {
    return commands.declineRabbithole(
      this.#runtime,
      await this.#entry(sessionId, options),
      options,
    );
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

  async #entry(sessionId: string, options: CommandOptions = {}) {
    assertStorableInput({ sessionId, clientMessageId: options.clientMessageId });
    if (this.#runtime.closed) throw new RecallError('ABORTED', 'The engine is closed.');
    const entry = await loadSession(this.#runtime, sessionId);
    if (entry.hasUnclaimedResponses()) finishInterruptedTurns(this.#runtime, entry);
    return entry;
  }
}
