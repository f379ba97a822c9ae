import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type RecallSetDefinition,
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
  keyTerms,
  shownKeyTerms,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/offline';
import { describe, expect, test } from 'vitest';
import { CELL_ENERGY, ofType } from '../engine/harness';

// Whole sessions through the engine, the offline model and memory storage, over the demo sets,
// with learners who never recall: the hint caps of the honest-credit rules hold in every reply.

type DemoPoint = RecallSetDefinition['points'][number] & {
  evalAnswers?: Record<string, string | string[]>;
};
type DemoSet = Omit<RecallSetDefinition, 'points'> & { points: DemoPoint[] };

const DEMO_SETS: DemoSet[] = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../eval/demo-recall-sets.json', import.meta.url)),
    'utf8',
  ),
);

/** A learner's answer to the point asked (its content), at a given turn. */
type Learner = (
  content: string,
  answers: Record<string, string | string[]>,
  turn: number,
) => string;

const LEARNERS: Record<string, Learner> = {
  blank: (_content, _answers, turn) =>
    ["I don't remember.", 'No idea, sorry.', 'Nothing comes to mind.', 'I have forgotten it.'][
      turn % 4
    ]!,
  negator: (content, answers) =>
    typeof answers.negated === 'string' ? answers.negated : `It is not true that ${content}`,
  confuser: (_content, answers, turn) =>
    turn % 2 === 0 && typeof answers.confused === 'string' ? answers.confused : 'I forgot.',
  wrong: (content, _answers, turn) =>
    [`${keyTerms(content)[0]?.word ?? 'it'} has to do with the moon`, 'the nucleus, I think'][
      turn % 2
    ]!,
};

const MAX_TURNS = 16;

async function session(set: DemoSet, learner: Learner) {
  const storage = createMemoryStorage();
  const recallSet = defineRecallSet(
    { ...set, points: set.points.map(({ evalAnswers: _, ...point }) => point) },
    { now: Date.now() - 1000 },
  );
  await storage.saveRecallSet(recallSet);
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  try {
    const { sessionId } = await engine.startSession(recallSet.id);
    await engine.whenIdle(sessionId);
    for (let turn = 0; turn < MAX_TURNS; turn += 1) {
      const events = await storage.read(sessionId);
      const asked = ofType(events, 'assistant_message').at(-1)?.data.askedPointId;
      const index = Math.max(
        0,
        recallSet.points.findIndex((point) => point.id === asked),
      );
      const point = recallSet.points[index]!;
      await engine.sendUserMessage(
        sessionId,
        learner(point.content, set.points[index]?.evalAnswers ?? {}, turn),
      );
      await engine.whenIdle(sessionId);
    }
    return { events: await storage.read(sessionId), recallSet };
  } finally {
    await engine.close();
  }
}

const SETS: DemoSet[] = [...DEMO_SETS, CELL_ENERGY as DemoSet];

describe('offline hints over whole sessions: narrow, never tell', () => {
  for (const set of SETS) {
    for (const [name, learner] of Object.entries(LEARNERS)) {
      test(`${set.name}, a learner who answers ${name}`, async () => {
        const { events, recallSet } = await session(set, learner);
        const recalled = new Set<string>();
        const earlier: string[] = [];
        const askedBefore = new Set<string>();
        let clozes = 0;
        for (const event of events) {
          if (event.type === 'recall_point_recalled') recalled.add(event.data.pointId);
          if (event.type !== 'assistant_message' || event.data.agent !== 'tutor') continue;
          const reply = event.data.content;
          const cap = reply.includes('___') ? 1 / 2 : 1 / 3;
          if (reply.includes('___')) clozes += 1;
          for (const point of recallSet.points) {
            if (recalled.has(point.id)) continue;
            const total = keyTerms(point.content).length;
            const shown = shownKeyTerms(point.content, [reply]).length;
            // A cue at most a third, a cloze at most half of every pending point's key terms.
            expect(shown, `${reply} / ${point.content}`).toBeLessThanOrEqual(cap * total);
            // A further hint on the asked point: at most one key term more than before.
            if (point.id === event.data.askedPointId && askedBefore.has(point.id)) {
              const before = Math.max(
                0,
                ...earlier.map((text) => shownKeyTerms(point.content, [text]).length),
              );
              expect(shown, reply).toBeLessThanOrEqual(before + 1);
            }
          }
          // Never the point's context read out.
          for (const point of recallSet.points) {
            for (const clause of point.context
              .split(/[.;:]\s*/)
              .filter((part) => part.length > 15)) {
              expect(reply).not.toContain(clause.trim());
            }
          }
          // One question, a sentence ending in "?".
          if (reply.includes('?')) expect(reply).toMatch(/\b\w+ [^?]*\?$/);
          expect(reply.match(/\?/g)?.length ?? 0).toBeLessThanOrEqual(1);
          if (event.data.askedPointId != null) askedBefore.add(event.data.askedPointId);
          earlier.push(reply);
        }
        // The learners never recall, so hints were given: the test is not vacuous.
        expect(earlier.length).toBe(MAX_TURNS + 1);
        if (name === 'blank' || name === 'negator') expect(clozes).toBeGreaterThan(0);
      });
    }
  }
});
