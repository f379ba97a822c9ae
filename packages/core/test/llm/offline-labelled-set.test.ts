import { describe, expect, test } from 'vitest';
import { hasStem, keyTerms } from '../../src/text/lexical';
import { judgeLabelledSet, scoreJudged } from './offline-labelled-set/judge-labelled-set';
import {
  ANSWER_KINDS,
  LABELLED_SET_FILE,
  type LabelledSet,
  pointIndex,
  readLabelledSet,
  UNSEEN_SET_FILE,
} from './offline-labelled-set/labelled-set';

const set = readLabelledSet(LABELLED_SET_FILE);
const unseen = readLabelledSet(UNSEEN_SET_FILE);
const heldOut = new Set(set.heldOut);

/** The share of the point's key terms the answer repeats (per `keyTerms`). */
function sharedShare(point: string, answer: string): number {
  const answerStems = keyTerms(answer).map((term) => term.stem);
  const terms = keyTerms(point);
  return terms.filter((term) => hasStem(answerStems, term.stem)).length / terms.length;
}

function pointOf(labelled: LabelledSet, item: LabelledSet['cases'][number]): string {
  return labelled.topics[item.topic]![pointIndex(labelled, item)!]!;
}

describe('the offline judge’s labelled sets', () => {
  test('the repository set: ≥ 400 cases, ≥ 25 topics, ≥ 60 paraphrases, every kind, a quarter held out', () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(400);
    const topics = Object.keys(set.topics);
    expect(topics.length).toBeGreaterThanOrEqual(25);
    expect(set.cases.filter((item) => item.kind === 'paraphrase').length).toBeGreaterThanOrEqual(
      60,
    );
    expect(new Set(set.cases.map((item) => item.kind))).toEqual(new Set(ANSWER_KINDS));
    expect(heldOut.size).toBeGreaterThanOrEqual(topics.length / 4);
    // Held-out topics have cases of their own, and the unseen set shares no topic with it.
    for (const topic of heldOut) expect(set.cases.some((item) => item.topic === topic)).toBe(true);
    expect(Object.keys(unseen.topics).filter((topic) => topic in set.topics)).toEqual([]);
    expect(Object.keys(unseen.topics).length).toBeGreaterThanOrEqual(5);
  });

  test.each([
    ['repository set', set],
    ['unseen set', unseen],
  ] as const)(
    '%s: every paraphrase shares at most a third of its point’s key terms',
    (_name, labelled) => {
      const tooClose = labelled.cases
        .filter((item) => item.kind === 'paraphrase')
        .filter((item) => sharedShare(pointOf(labelled, item), item.answer) > 1 / 3)
        .map((item) => item.answer);
      expect(tooClose).toEqual([]);
    },
  );

  test.each([
    ['echo', (item: LabelledSet['cases'][number]) => item.shownBefore !== undefined],
    [
      'gap_fill',
      (item: LabelledSet['cases'][number]) => item.shownBefore?.includes('___') === true,
    ],
  ] as const)('every %s case shows what was shown before it', (kind, check) => {
    for (const labelled of [set, unseen]) {
      for (const item of labelled.cases.filter((entry) => entry.kind === kind)) {
        expect(check(item), item.answer).toBe(true);
      }
    }
  });
});

describe('the offline judge on the labelled sets (offline model, WordNet table)', () => {
  test.each([
    ['tuned topics', set, (topic: string) => !heldOut.has(topic)],
    ['held-out topics', set, (topic: string) => heldOut.has(topic)],
    ['unseen set', unseen, () => true],
  ] as const)(
    '%s: no question, echo or negation credited, no near miss for a wrong or negated answer',
    async (_part, labelled, include) => {
      const score = scoreJudged(await judgeLabelledSet(labelled, include));
      for (const kind of ['question', 'echo', 'negated'] as const) {
        expect(score.kinds[kind]?.falseCredit ?? 0, kind).toBe(0);
      }
      expect(score.nearMissErrors.map((item) => item.answer)).toEqual([]);
      expect(score.precision).toBeGreaterThanOrEqual(0.94);
      expect(score.recall).toBeGreaterThanOrEqual(0.5);
      expect(score.kinds.gap_fill!.credited / score.kinds.gap_fill!.cases).toBeGreaterThanOrEqual(
        0.8,
      );
    },
    // Hundreds of answers judged on the CPU (and the word table read by the first): seconds on a
    // quiet machine, several times that on a busy one.
    60_000,
  );
});
