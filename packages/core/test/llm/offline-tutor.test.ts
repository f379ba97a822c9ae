import { describe, expect, test } from 'vitest';
import { cueOf } from '../../src/llm/offline/tutor-scene';
import { normalizeText, splitSentences } from '../../src/text/lexical';
import { CELL_ENERGY, ofType } from '../engine/harness';
import {
  conversation,
  EVENT_LOOP,
  PHOTOSYNTHESIS,
  PRAISE,
  STUCK,
  YES_NO,
} from './offline-tutor-harness';

describe('offline tutor', () => {
  test('never says the same thing twice in a row, starting with the reply to the first answer', async () => {
    for (const definition of [CELL_ENERGY, PHOTOSYNTHESIS, EVENT_LOOP]) {
      // Up to the third miss on the first point: the engine then moves the focus on (probe wrap).
      const { replies } = await conversation(definition, [
        'It happens somewhere',
        ...STUCK.slice(0, 3),
        'no idea at all',
      ]);
      expect(replies[1]).not.toBe(replies[0]);
      for (let index = 1; index < replies.length; index += 1) {
        expect(replies[index]).not.toBe(replies[index - 1]);
        expect(splitSentences(replies[index]!).at(-1)).not.toBe(
          splitSentences(replies[index - 1]!).at(-1),
        );
      }
    }
  });

  test('keeps the house style: 1–3 sentences, at most one question and an open one, no praise, no lists, no exclamation marks', async () => {
    const runs = await Promise.all([
      conversation(CELL_ENERGY, [
        'ATP synthase is involved somehow',
        ...STUCK.slice(0, 3),
        'ATP synthase makes ATP from ADP and phosphate',
        'glycolysis splits glucose',
        'into two pyruvate molecules in the cytoplasm',
        'The Krebs cycle oxidises acetyl-CoA and releases carbon dioxide',
        'what else?',
      ]),
      conversation(PHOTOSYNTHESIS, ['water gets split and oxygen comes out', ...STUCK]),
      conversation(EVENT_LOOP, ['promise callbacks are microtasks', ...STUCK.slice(0, 4)]),
    ]);
    for (const { replies } of runs) {
      for (const reply of replies) {
        const sentences = splitSentences(reply);
        expect(sentences.length).toBeGreaterThanOrEqual(1);
        expect(sentences.length).toBeLessThanOrEqual(3);
        expect(reply.match(/\?/g)?.length ?? 0).toBeLessThanOrEqual(1);
        expect(reply).not.toContain('!');
        expect(reply).not.toMatch(/^\s*([-*•]|\d+[.)])\s/m);
        expect(reply).not.toMatch(PRAISE);
        expect(reply).not.toMatch(
          /another angle|you('ve| have) recalled|next point|\d+ (of|out of) \d+/i,
        );
        // "Right." and "Yes." only as a sentence of their own, before a question or alone.
        expect(reply).not.toMatch(/^(right|yes)\b(?!\.)/i);
        if (reply.includes('?')) expect(sentences.at(-1)).not.toMatch(YES_NO);
        // Keyword lists read badly: "about first, stage and chlorophyll".
        expect(reply).not.toMatch(/\babout \w+, \w+,? and \w+\b/);
      }
    }
  });

  test('acknowledges a recall with one neutral word, then asks about the point the notes name next', async () => {
    const { replies } = await conversation(CELL_ENERGY, [
      'ATP synthase makes ATP from ADP and phosphate',
    ]);
    const reply = replies[1]!;
    expect(reply).toMatch(/^(Right|Yes)\. /);
    expect(reply).toContain(cueOf(CELL_ENERGY.points[1]!.content)[0]!);
    expect(reply).not.toContain('another angle');
  });

  test('the reply to the message that recalls the last point asks nothing more', async () => {
    const { replies, events } = await conversation(
      CELL_ENERGY,
      CELL_ENERGY.points.map((point) => point.content),
    );
    expect(ofType(events, 'recall_point_recalled')).toHaveLength(3);
    expect(replies.at(-1)).toMatch(/^(Right|Yes)\.$/);
    // Afterwards: a question about a recalled point gets a short answer, never a new question.
    const after = await conversation(CELL_ENERGY, [
      ...CELL_ENERGY.points.map((point) => point.content),
      'Wait, where does glycolysis split the glucose again?',
      'thanks',
    ]);
    const [answer, thanks] = after.replies.slice(-2);
    expect(answer).toContain('cytoplasm');
    expect(answer).not.toContain('?');
    expect(thanks).toMatch(/^(Right|Yes)\.$/);
  });

  test('never contradicts what a partial answer got right', async () => {
    const { replies, events } = await conversation(PHOTOSYNTHESIS, [
      'the light reactions happen in the thylakoids',
    ]);
    const [nearMiss] = ofType(events, 'recall_point_near_miss');
    expect(nearMiss!.data.pointId).toBe('light');
    // The learner said where: no "where it happens" in the feedback, no "where" question.
    expect(nearMiss!.data.feedback).not.toMatch(/where it happens|what it does/);
    expect(replies[1]).not.toMatch(/Where does this happen\?/);
    expect(replies[1]).toMatch(/\?$/);
  });

  test('hints go from a cue to a partial answer; at the third miss it follows the probe wrap', async () => {
    // Wrong answers, each using a word only its point has: attempts, but not "I don't remember".
    const wrong = [
      'ATP synthase sits in the nucleus',
      'ATP synthase, in the nucleus',
      'the nucleus holds ATP synthase',
      'glycolysis is in the nucleus',
      'glycolysis, in the nucleus',
      'the nucleus does glycolysis',
      'the Krebs cycle is in the nucleus',
    ];
    const { replies, events } = await conversation(CELL_ENERGY, wrong);
    // Cues: at most a third of a point's key terms, never its context.
    const contexts = CELL_ENERGY.points.map((point) => cueOf(point.content)[0]!);
    for (const reply of replies) {
      for (const point of CELL_ENERGY.points) expect(reply).not.toContain(point.context);
    }
    const [opening, first, second, wrapToP2, p2First, p2Second, wrapToP3, p3First] = replies;
    expect(opening).toContain(contexts[0]);
    // The first hint narrows from the same clue: one question, no answer word.
    expect(first).toContain(contexts[0]);
    for (const hint of [opening!, first!]) {
      for (const answerWord of ['synthase', 'adp', 'phosphate']) {
        expect(normalizeText(hint)).not.toContain(answerWord);
      }
    }
    // The second miss gets the partial answer, before the engine sets the point aside.
    expect(second).toContain('___');
    expect(normalizeText(second!)).not.toContain(normalizeText(CELL_ENERGY.points[0]!.content));
    // The third miss: no comment and no fourth hint on P1, but the next point's question.
    for (const [reply, context] of [
      [wrapToP2!, contexts[1]!],
      [wrapToP3!, contexts[2]!],
    ] as const) {
      expect(reply).not.toContain('___');
      expect(reply).not.toMatch(/^(Right|Yes|No|Not)\b/);
      expect(reply).toContain(context);
      expect(reply.match(/\?/g)).toHaveLength(1);
    }
    expect(p2First).toContain(contexts[1]);
    expect(p2Second).toContain('___');
    expect(p3First).toContain(contexts[2]);
    // Engine and tutor in step: each message attempted the point the previous reply asked about.
    expect(
      ofType(events, 'assistant_message')
        .slice(1)
        .map((event) => event.data.attemptedPointIds),
    ).toEqual([['p1'], ['p1'], ['p1'], ['p2'], ['p2'], ['p2'], ['p3']]);
    expect(ofType(events, 'recall_point_recalled')).toHaveLength(0);
  });
});
