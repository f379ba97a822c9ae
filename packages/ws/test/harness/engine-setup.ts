import {
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
  type EngineConfig,
  type RecallEngine,
  type RecallSet,
  type RecallSetDefinition,
  type StorageAdapter,
} from '@recall/core';
import {
  createScriptedLLM,
  type ScriptedLLM,
  type ScriptedRequest,
  type ScriptedTextReply,
  scriptDetection,
  scriptEvaluation,
} from '@recall/core/testing';

/** Three points and two resources linked to the first point; ids p1–p3. */
export const CELL_ENERGY: RecallSetDefinition = {
  id: 'cell-energy',
  name: 'Cell energy',
  description: 'How cells make and spend ATP.',
  points: [
    {
      id: 'p1',
      content: 'ATP synthase makes ATP from ADP and phosphate',
      context: 'Inner mitochondrial membrane.',
    },
    {
      id: 'p2',
      content: 'Glycolysis splits glucose into two pyruvate',
      context: 'Cytoplasm, no oxygen needed.',
    },
    {
      id: 'p3',
      content: 'The Krebs cycle releases carbon dioxide',
      context: 'Mitochondrial matrix.',
    },
  ],
  resources: [
    {
      id: 'diagram',
      kind: 'image',
      title: 'ATP synthase',
      url: 'https://example.invalid/atp.png',
      caption: 'The rotor',
      links: [{ pointId: 'p1' }],
    },
    {
      id: 'notes',
      kind: 'text',
      title: 'Notes on ATP',
      content: 'ATP synthase is a rotary motor powered by protons.',
      links: [{ pointId: 'p1' }],
    },
  ],
};

/**
 * Scripted judges driven by markers in the learner's latest message:
 * `RECALL-p1` recalls p1, `NEAR-p2` is a near miss on p2, `TANGENT-<topic>` offers a
 * rabbit hole on `<topic>` (one word). The engine reports a near miss only for an answer right
 * as far as it goes, so a `NEAR-` message must use the point's own words ("NEAR-p2 glucose is
 * split"), not a synonym or a wrong term.
 */
function latestMessage(request: ScriptedRequest): string {
  const text = request.messages.at(-1)?.content ?? '';
  return /<latest_message>([\s\S]*?)<\/latest_message>/.exec(text)?.[1] ?? '';
}

/** Options for {@link createEngineSetup}. */
export interface EngineSetupOptions {
  storage?: StorageAdapter;
  /** Tutor replies; by default `Scripted tutor reply <n>.` streamed word by word. */
  tutor?: (request: ScriptedRequest) => string | ScriptedTextReply | undefined;
  /** Delay between streamed chunks. @default 0 */
  chunkDelayMs?: number;
  config?: Partial<EngineConfig>;
  /** Save the recall set into the storage. @default true */
  saveRecallSet?: boolean;
}

/** A real engine over a scripted LLM (marker-driven judges) and the given storage. */
export async function createEngineSetup(options: EngineSetupOptions = {}): Promise<{
  storage: StorageAdapter;
  llm: ScriptedLLM;
  engine: RecallEngine;
  recallSet: RecallSet;
}> {
  const storage = options.storage ?? createMemoryStorage();
  const recallSet = defineRecallSet(CELL_ENERGY, { now: Date.now() - 60_000 });
  if (options.saveRecallSet ?? true) await storage.saveRecallSet(recallSet);
  const llm = createScriptedLLM({
    ...(options.tutor === undefined ? {} : { tutor: options.tutor, rabbithole: options.tutor }),
    chunkDelayMs: options.chunkDelayMs ?? 0,
    evaluator: (request) => {
      const text = latestMessage(request);
      const recalled = [...text.matchAll(/RECALL-(p\d)/g)].map((match) => match[1] as string);
      const nearMiss = Object.fromEntries(
        [...text.matchAll(/NEAR-(p\d)/g)].map((match) => [
          match[1] as string,
          'Almost: be precise.',
        ]),
      );
      return scriptEvaluation({ recalled, nearMiss });
    },
    detector: (request) => {
      const topic = /TANGENT-(\w+)/.exec(latestMessage(request))?.[1];
      return topic === undefined
        ? {
            object: {
              isRabbithole: false,
              topic: '',
              label: '',
              relatedPointIds: [],
              certainty: 0.1,
              reasoning: 'None.',
            },
          }
        : scriptDetection({ topic, label: `About ${topic}` });
    },
  });
  const engine = createRecallEngine({
    storage,
    llm,
    config: { detectionWarmupExchanges: 0, declineCooldownMessages: 0, ...options.config },
  });
  return { storage, llm, engine, recallSet };
}
