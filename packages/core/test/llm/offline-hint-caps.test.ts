import {
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
  type RecallSetDefinition,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { describe, expect, test } from 'vitest';
import { keyTerms } from '../../src/text/lexical';
import { shownKeyTerms } from '../../src/text/exposure';
import { CELL_ENERGY, ofType } from '../engine/harness';

const VOLCANOES: RecallSetDefinition = {
  name: 'Volcanoes',
  points: [
    {
      content: 'Magma that reaches the surface is called lava.',
      context: 'Molten rock, above ground.',
    },
    {
      content: 'Shield volcanoes have gentle slopes built from runny basalt lava.',
      context: 'Hawaii is the classic example.',
    },
    {
      content: 'Explosive eruptions happen when thick, gas-rich magma traps pressure.',
      context: 'Think of a shaken bottle of fizzy drink.',
    },
  ],
};

const ANSWERS = ['no idea', "I don't know", 'hmm, something with rocks?', 'not sure', 'pass'];

/** Runs a whole stuck session (engine + offline model + memory storage); the tutor's replies. */
async function stuckSession(definition: RecallSetDefinition, turns: number) {
  const storage = createMemoryStorage();
  const recallSet = defineRecallSet(definition, { now: 0 });
  await storage.saveRecallSet(recallSet);
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const { sessionId } = await engine.startSession(recallSet.id);
  await engine.whenIdle(sessionId);
  for (let turn = 0; turn < turns; turn += 1) {
    await engine.sendUserMessage(sessionId, ANSWERS[turn % ANSWERS.length]!);
    await engine.whenIdle(sessionId);
  }
  const events = await storage.read(sessionId);
  const recalled = new Set(
    ofType(events, 'recall_point_recalled').map((event) => event.data.pointId),
  );
  const replies = ofType(events, 'assistant_message').map((event) => event.data.content);
  const pending = recallSet.points
    .filter((point) => !recalled.has(point.id))
    .map((point) => point.content);
  return { replies, pending, contexts: definition.points.map((point) => point.context ?? '') };
}

describe('offline hints over whole sessions narrow and never tell', () => {
  test.each([
    ['Cell energy', CELL_ENERGY],
    ['Volcanoes', VOLCANOES],
  ] as const)(
    '%s: no cue shows more than a third, no cloze more than half of a pending point’s key terms',
    async (_name, definition) => {
      const { replies, pending, contexts } = await stuckSession(definition, 14);
      expect(replies.length).toBeGreaterThan(10);
      expect(replies.some((reply) => reply.includes('___'))).toBe(true);
      for (const reply of replies) {
        const cloze = reply.includes('___');
        for (const point of pending) {
          const shown = shownKeyTerms(point, [reply]).length;
          const limit = keyTerms(point).length * (cloze ? 1 / 2 : 1 / 3);
          expect(shown, `${cloze ? 'cloze' : 'cue'} "${reply}" for "${point}"`).toBeLessThanOrEqual(
            limit,
          );
        }
        // The point's context is never read out, and every reply asks one real question.
        for (const context of contexts) expect(reply).not.toContain(context.replace(/\.$/, ''));
        expect(reply).toMatch(/\?$/);
        expect(reply).not.toMatch(/about this: /);
      }
    },
  );
});
