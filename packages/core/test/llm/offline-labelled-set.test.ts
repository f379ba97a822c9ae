import { describe, expect, test } from 'vitest';
import {
  HELD_OUT_TOPICS,
  type LabelledTopic,
  RECALLING_CATEGORIES,
  TUNED_TOPICS,
} from './offline-labelled-set/index';
import { scoreLabelledSet } from './offline-labelled-set/score-labelled-set';

// The bar the offline evaluator must clear on any labelled set: "recalled" is trusted (it
// writes FSRS ratings), and still given for near-verbatim answers.
const MIN_PRECISION = 0.9;
const MIN_RECALL = 0.45;

function describeSet(topics: readonly LabelledTopic[]) {
  const cases = topics.flatMap((topic) => topic.cases);
  return {
    topics: topics.length,
    cases: cases.length,
    categories: new Set(cases.map((item) => item.category)),
  };
}

describe('offline evaluator on the labelled answer set (engine + memory storage + offline model)', () => {
  test('the set covers at least 60 cases, 6 topics and all six categories, in both parts', () => {
    for (const topics of [TUNED_TOPICS, HELD_OUT_TOPICS]) {
      const { categories } = describeSet(topics);
      expect([...categories].sort()).toEqual([
        'negated',
        'off_topic',
        'paraphrase',
        'partial',
        'verbatim',
        'wrong_sharing_words',
      ]);
    }
    const all = describeSet([...TUNED_TOPICS, ...HELD_OUT_TOPICS]);
    expect(all.cases).toBeGreaterThanOrEqual(60);
    expect(all.topics).toBeGreaterThanOrEqual(6);
    // Every case names a point of its topic (or none, off topic).
    for (const topic of [...TUNED_TOPICS, ...HELD_OUT_TOPICS]) {
      const ids = new Set(topic.points.map((point) => point.id));
      for (const item of topic.cases) {
        if (item.category === 'off_topic') expect(item.pointId).toBeNull();
        else expect(ids.has(item.pointId!)).toBe(true);
      }
    }
    expect(RECALLING_CATEGORIES).toEqual(new Set(['verbatim', 'paraphrase']));
  });

  test.each([
    ['tuned part', TUNED_TOPICS],
    ['held-out part', HELD_OUT_TOPICS],
  ] as const)('%s: precision of "recalled" ≥ 0.90 with recall ≥ 0.45', async (_part, topics) => {
    const score = await scoreLabelledSet(topics);
    const misjudged = score.judged
      .filter((item) => item.wrong.length > 0)
      .map((item) => `${item.category}: ${item.message}`);
    expect(score.precision, `credited wrongly:\n${misjudged.join('\n')}`).toBeGreaterThanOrEqual(
      MIN_PRECISION,
    );
    expect(score.recall).toBeGreaterThanOrEqual(MIN_RECALL);
    // Verbatim answers are always recalled; negated and off-topic ones never are.
    const by = (category: string) => score.judged.filter((item) => item.category === category);
    expect(by('verbatim').filter((item) => item.missed)).toEqual([]);
    expect(by('negated').filter((item) => item.recalled.length > 0)).toEqual([]);
    expect(by('off_topic').filter((item) => item.recalled.length > 0)).toEqual([]);
  });
});
