import { createOfflineLLM } from '@recall/core/llm/offline';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isGenericTerm, keyTerms, normalizeText } from '../../src/text/lexical';
import { weighTerms } from '../../src/llm/offline/lexical-judge';
import type { LLMMessage } from '../../src/llm/llm-adapter';
import {
  EVALUATOR_SYSTEM_PROMPT,
  type Evaluation,
  evaluationSchema,
} from '../../src/prompts/evaluator-prompt';
import { buildEvaluatorMessages } from '../../src/prompts/turn-requests';

/** Points of the demo's event-loop set: they share "callbacks", "run", "task". */
const EVENT_LOOP = [
  { id: 'stack', content: 'JavaScript runs on a single call stack, one function at a time.' },
  {
    id: 'queue',
    content: 'Callbacks from timers and I/O wait in the task queue until the call stack is empty.',
  },
  { id: 'micro', content: 'Promise callbacks are microtasks, which all run before the next task.' },
  { id: 'zero', content: 'setTimeout with zero milliseconds still waits for a later task.' },
];

const CELL_ENERGY = [
  { id: 'p1', content: 'ATP synthase makes ATP from ADP and phosphate' },
  { id: 'p2', content: 'Glycolysis splits glucose into two pyruvate molecules in the cytoplasm' },
  { id: 'p3', content: 'The Krebs cycle oxidises acetyl-CoA and releases carbon dioxide' },
];

async function evaluate(
  points: ReadonlyArray<{ id: string; content: string }>,
  latestMessage: string,
  conversation: LLMMessage[] = [],
  focusPointId: string | null = null,
): Promise<Map<string, Evaluation['points'][number]>> {
  const { object } = await createOfflineLLM().generateObject({
    kind: 'evaluator',
    system: EVALUATOR_SYSTEM_PROMPT,
    messages: buildEvaluatorMessages({ points, conversation, latestMessage, focusPointId }),
    schema: evaluationSchema,
    schemaName: 'evaluation',
  });
  return new Map(object.points.map((verdict) => [verdict.pointId, verdict]));
}

describe('offline evaluator', () => {
  test('terms shared by several points or generic words weigh little', () => {
    const [, queue, micro] = weighTerms(EVENT_LOOP.map((point) => point.content));
    const weight = (terms: typeof micro, word: string) =>
      terms!.find((term) => term.word === word)!.weight;
    expect(weight(micro, 'promise')).toBe(1);
    expect(weight(micro, 'microtasks')).toBe(1);
    expect(weight(micro, 'callbacks')).toBe(0.5);
    expect(weight(micro, 'next')).toBe(0.25);
    expect(weight(queue, 'timers')).toBe(1);
    expect(micro!.filter((term) => term.distinctive).map((term) => term.word)).toEqual([
      'promise',
      'microtasks',
    ]);
  });

  test('no near miss when the only overlap is shared or generic words', async () => {
    const verdicts = await evaluate(EVENT_LOOP, 'the callbacks run in the next task');
    expect(verdicts.get('micro')).toMatchObject({ recalled: false, nearMiss: false, missing: '' });
    expect(verdicts.get('micro')!.certainty).toBeGreaterThanOrEqual(0.9);
    for (const verdict of verdicts.values()) expect(verdict.nearMiss).toBe(false);
  });

  test("a near miss needs a real share of the point's own terms, and never quotes them", async () => {
    const verdicts = await evaluate(EVENT_LOOP, 'promise callbacks are microtasks');
    const micro = verdicts.get('micro')!;
    expect(micro).toMatchObject({ recalled: false, nearMiss: true });
    // "which all run" → what it does; "before the next task" → when it happens.
    expect(micro.missing).toBe('Partly there — still missing: what it does and when it happens.');
    // The other points share "callbacks" only: not addressed.
    expect(verdicts.get('queue')!.nearMiss).toBe(false);
    expect(verdicts.get('stack')!.nearMiss).toBe(false);
  });

  test('a follow-up answer completes the previous message into a recall', async () => {
    const first = await evaluate(CELL_ENERGY, 'glycolysis splits glucose');
    expect(first.get('p2')).toMatchObject({ recalled: false, nearMiss: true });
    const conversation: LLMMessage[] = [
      { role: 'user', content: 'glycolysis splits glucose' },
      { role: 'assistant', content: 'Part of it is there. What does this lead to?' },
    ];
    const second = await evaluate(
      CELL_ENERGY,
      'into two pyruvate molecules in the cytoplasm',
      conversation,
    );
    expect(second.get('p2')).toMatchObject({ recalled: true, nearMiss: false });
    // An empty follow-up neither recalls nor repeats the earlier near miss.
    const idle = await evaluate(CELL_ENERGY, "I don't know", conversation);
    expect(idle.get('p2')).toMatchObject({ recalled: false, nearMiss: false });
  });

  test("typing a point's content recalls that point and no other", async () => {
    for (const points of [EVENT_LOOP, CELL_ENERGY]) {
      for (const point of points) {
        const verdicts = await evaluate(points, point.content);
        expect(verdicts.get(point.id)!.recalled).toBe(true);
        for (const other of points) {
          if (other.id !== point.id) expect(verdicts.get(other.id)!.recalled).toBe(false);
        }
      }
    }
  });

  test('property: near-miss feedback never contains an answer word the learner did not say', async () => {
    const points = [...EVENT_LOOP, ...CELL_ENERGY];
    const words = [
      ...new Set(points.flatMap((point) => point.content.split(/\s+/))),
      'maybe',
      'something',
      'the',
    ];
    await fc.assert(
      fc.asyncProperty(fc.subarray(words, { minLength: 1, maxLength: 8 }), async (said) => {
        const message = said.join(' ');
        const saidStems = keyTerms(message).map((term) => term.stem);
        const verdicts = await evaluate(points, message);
        for (const point of points) {
          const verdict = verdicts.get(point.id)!;
          if (!verdict.nearMiss) continue;
          const feedback = normalizeText(verdict.missing).split(' ');
          for (const term of keyTerms(point.content)) {
            // Generic words ("still", "happens") are the feedback's own wording, not answers.
            if (saidStems.includes(term.stem) || isGenericTerm(term)) continue;
            expect(feedback).not.toContain(term.word);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  test('evidence is a verbatim quote of the learner clause that recalls the point', async () => {
    const latest =
      'Let me think. Glycolysis splits glucose into two pyruvate molecules in the cytoplasm!';
    const verdicts = await evaluate(CELL_ENERGY, latest);
    const p2 = verdicts.get('p2')!;
    expect(p2.recalled).toBe(true);
    expect(p2.evidence).toBe(
      'Glycolysis splits glucose into two pyruvate molecules in the cytoplasm',
    );
    expect(latest).toContain(p2.evidence);
    for (const other of ['p1', 'p3']) expect(verdicts.get(other)!.evidence).toBe('');
    // A follow-up that completes the previous answer quotes the follow-up itself.
    const followUp = await evaluate(CELL_ENERGY, 'into two pyruvate molecules in the cytoplasm', [
      { role: 'user', content: 'glycolysis splits glucose' },
      { role: 'assistant', content: 'Part of it is there. What does this lead to?' },
    ]);
    expect(followUp.get('p2')).toMatchObject({
      recalled: true,
      evidence: 'into two pyruvate molecules in the cytoplasm',
    });
  });

  test('attempted: the focus when the learner tries it or says they cannot recall it, never off topic or for another point', async () => {
    const attempted = async (message: string) => {
      const verdicts = await evaluate(CELL_ENERGY, message, [], 'p1');
      return [...verdicts].filter(([, verdict]) => verdict.attempted).map(([id]) => id);
    };
    expect(await attempted("I don't remember")).toEqual(['p1']);
    expect(await attempted('no idea, sorry')).toEqual(['p1']);
    expect(await attempted('something with a synthase?')).toEqual(['p1']);
    // A negated answer is an attempt that recalls nothing.
    expect(await attempted('ATP synthase does not make ATP from ADP and phosphate')).toEqual([
      'p1',
    ]);
    // Off topic, or an answer about another point: no attempt on the focus.
    expect(await attempted('I had pasta for lunch')).toEqual([]);
    expect(await attempted('Glycolysis splits glucose into two pyruvate molecules')).toEqual([
      'p2',
    ]);
    // Without a focus nothing is attempted by a "don't know".
    const noFocus = await evaluate(CELL_ENERGY, "I don't remember");
    expect([...noFocus.values()].some((verdict) => verdict.attempted)).toBe(false);
  });
});
