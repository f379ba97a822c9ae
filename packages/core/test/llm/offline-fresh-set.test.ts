// The fresh labelled sets are outside measurements of the offline judge, each written by someone
// who had not read the judge (run one with `npm run bench -- offline --set
// packages/core/test/llm/offline-labelled-set/fresh-set-8.json`). These tests keep their shape
// honest; they deliberately assert nothing about the judge's figures, so no set becomes
// something the judge is tuned to pass.
import { describe, expect, test } from 'vitest';
import { hasStem, keyTerms } from '../../src/text/lexical';
import {
  ANSWER_KINDS,
  LABELLED_SET_FILE,
  pointIndex,
  readLabelledSet,
  UNSEEN_SET_FILE,
} from './offline-labelled-set/labelled-set';

const FRESH_SETS = [
  'fresh-set.json',
  'fresh-set-2.json',
  'fresh-set-3.json',
  'fresh-set-4.json',
  'fresh-set-5.json',
  'fresh-set-6.json',
  'fresh-set-7.json',
  'fresh-set-8.json',
];
const read = (name: string) =>
  readLabelledSet(new URL(`./offline-labelled-set/${name}`, import.meta.url));

describe.each(FRESH_SETS)('the fresh labelled set %s', (name) => {
  const fresh = read(name);

  test('≥ 150 cases over 10 topics of 3–4 points, every kind, ≥ 40 paraphrases', () => {
    expect(fresh.cases.length).toBeGreaterThanOrEqual(150);
    const topics = Object.values(fresh.topics);
    expect(topics).toHaveLength(10);
    for (const points of topics) expect([3, 4]).toContain(points.length);
    expect(new Set(fresh.cases.map((item) => item.kind))).toEqual(new Set(ANSWER_KINDS));
    expect(fresh.cases.filter((item) => item.kind === 'paraphrase').length).toBeGreaterThanOrEqual(
      40,
    );
  });

  test('shares no topic with the repository set, the unseen set or another fresh set', () => {
    const others = [
      readLabelledSet(LABELLED_SET_FILE),
      readLabelledSet(UNSEEN_SET_FILE),
      ...FRESH_SETS.filter((other) => other !== name).map(read),
    ];
    for (const other of others) {
      expect(Object.keys(fresh.topics).filter((topic) => topic in other.topics)).toEqual([]);
    }
  });

  test('every paraphrase shares at most a third of its point’s key terms', () => {
    const tooClose = fresh.cases
      .filter((item) => item.kind === 'paraphrase')
      .filter((item) => {
        const point = fresh.topics[item.topic]![pointIndex(fresh, item)!]!;
        const answerStems = keyTerms(item.answer).map((term) => term.stem);
        const terms = keyTerms(point);
        return (
          terms.filter((term) => hasStem(answerStems, term.stem)).length / terms.length > 1 / 3
        );
      })
      .map((item) => item.answer);
    expect(tooClose).toEqual([]);
  });

  test('echo cases carry the text shown before; gap fills carry a cloze', () => {
    for (const item of fresh.cases) {
      if (item.kind === 'echo') expect(item.shownBefore, item.answer).toBeDefined();
      if (item.kind === 'gap_fill') expect(item.shownBefore, item.answer).toContain('___');
    }
  });

  test('answers about no point are labelled not recalled', () => {
    for (const item of fresh.cases.filter((entry) => entry.point === null)) {
      expect(['off_topic', 'dont_know']).toContain(item.kind);
      expect(item.expected).toBe('not_recalled');
    }
  });
});
