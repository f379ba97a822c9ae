import {
  type EngineConfig,
  type RecallSet,
  type RecallSetDefinition,
  type SessionEvent,
  type StorageAdapter,
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
} from '@recall/core';
import type { EngineSessionState } from '../../src/session/session-state';
import { type ScriptedLLMScript, createScriptedLLM } from '@recall/core/testing';

/** Three points about cell energy, with ids p1–p3. */
export const CELL_ENERGY: RecallSetDefinition = {
  id: 'set-cell',
  name: 'Cell energy',
  description: 'How cells make and spend ATP.',
  points: [
    {
      id: 'p1',
      content: 'ATP synthase makes ATP from ADP and phosphate',
      context: 'An enzyme in the inner mitochondrial membrane driven by a proton gradient.',
    },
    {
      id: 'p2',
      content: 'Glycolysis splits glucose into two pyruvate molecules in the cytoplasm',
      context: 'The first stage of cellular respiration; it needs no oxygen.',
    },
    {
      id: 'p3',
      content: 'The Krebs cycle oxidises acetyl-CoA and releases carbon dioxide',
      context: 'Runs in the mitochondrial matrix and feeds NADH to the electron transport chain.',
    },
  ],
};

/** Options for {@link createHarness}. */
export interface HarnessOptions {
  script?: ScriptedLLMScript;
  config?: Partial<EngineConfig>;
  recallSet?: RecallSetDefinition;
  storage?: StorageAdapter;
  /** Prefix of generated ids (distinct per engine sharing one storage). */
  idPrefix?: string;
  start?: number;
}

/** An engine over a scripted LLM, in-memory storage, a manual clock and counter ids. */
export async function createHarness(options: HarnessOptions = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const clock = { now: options.start ?? 1_700_000_000_000 };
  let counter = 0;
  const prefix = options.idPrefix ?? 'id';
  const ids = () => `${prefix}-${++counter}`;
  const recallSet: RecallSet = defineRecallSet(options.recallSet ?? CELL_ENERGY, {
    now: clock.now - 1000,
    ids,
  });
  if (options.storage === undefined) await storage.saveRecallSet(recallSet);
  const llm = createScriptedLLM(options.script ?? {});
  const engine = createRecallEngine({
    storage,
    llm,
    clock: () => clock.now,
    ids,
    ...(options.config === undefined ? {} : { config: options.config }),
  });
  return {
    storage,
    llm,
    engine,
    recallSet,
    clock,
    ids,
    /** Advances the manual clock. */
    advance(milliseconds: number) {
      clock.now += milliseconds;
    },
    async events(sessionId: string): Promise<SessionEvent[]> {
      return storage.read(sessionId);
    },
    async types(sessionId: string): Promise<string[]> {
      return (await storage.read(sessionId)).map((event) => event.type);
    },
    /** Sends a message and waits for the whole turn. */
    async say(sessionId: string, content: string) {
      const result = await engine.sendUserMessage(sessionId, content);
      await engine.whenIdle(sessionId);
      return result;
    },
    /** Starts a session and waits for its greeting. */
    async start(recallSetId = recallSet.id) {
      const started = await engine.startSession(recallSetId);
      await engine.whenIdle(started.sessionId);
      return started;
    },
  };
}

/** The events of one type. */
export function ofType<T extends SessionEvent['type']>(
  events: readonly SessionEvent[],
  type: T,
): Extract<SessionEvent, { type: T }>[] {
  return events.filter((event): event is Extract<SessionEvent, { type: T }> => event.type === type);
}

/**
 * A state to compare with one another engine built for the same log but with other ids: the
 * timeline's keys (event and response ids) are left out; its order and content stay.
 */
export function comparableState(state: EngineSessionState) {
  return {
    ...state,
    timeline: state.timeline.map((item) => {
      const { id: _id, ...rest } = item;
      if ('responseId' in rest) delete rest.responseId;
      return rest;
    }),
  };
}
