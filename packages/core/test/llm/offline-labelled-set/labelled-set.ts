// The format of a labelled answer set for the offline judge (`npm run bench -- offline --set
// <file>` reads any file in it), and the reading of one:
// { topics: { name: [point, …] }, cases: [{ topic, point, kind, expected, answer, shownBefore? }],
//   heldOut?: [topic name, …] }
// `point` is the index of the point in its topic's list (or its text); null for an answer
// about no point (off topic, "I don't know").
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** What kind of answer a case is. */
export const ANSWER_KINDS = [
  'verbatim',
  'near_verbatim',
  'paraphrase',
  'partial',
  'negated',
  'wrong_sharing_words',
  'off_topic',
  'dont_know',
  'question',
  'echo',
  'gap_fill',
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** The verdict a case expects for its point. */
export const EXPECTED_VERDICTS = ['recalled', 'near_miss', 'not_recalled'] as const;
export type ExpectedVerdict = (typeof EXPECTED_VERDICTS)[number];

const caseSchema = z.object({
  topic: z.string(),
  point: z.union([z.number().int().nonnegative(), z.string(), z.null()]),
  kind: z.enum(ANSWER_KINDS),
  expected: z.enum(EXPECTED_VERDICTS),
  answer: z.string().min(1),
  /** What the session showed the learner just before (a tutor reply, a cloze). */
  shownBefore: z.string().optional(),
});

const setSchema = z.object({
  topics: z.record(z.string(), z.array(z.string().min(1)).min(1)),
  cases: z.array(caseSchema).min(1),
  /** Topics never used for tuning, reported apart. */
  heldOut: z.array(z.string()).optional(),
});

export type LabelledCase = z.infer<typeof caseSchema>;
export type LabelledSet = z.infer<typeof setSchema>;

/** Parses and checks a labelled set: every case names a known topic and one of its points. */
export function parseLabelledSet(json: unknown, source = 'labelled set'): LabelledSet {
  const set = setSchema.parse(json);
  for (const [index, item] of set.cases.entries()) {
    const points = set.topics[item.topic];
    if (points === undefined)
      throw new Error(`${source}: case ${index} names unknown topic "${item.topic}"`);
    if (item.point !== null && pointIndex(set, item) === null) {
      throw new Error(`${source}: case ${index} names no point of "${item.topic}"`);
    }
  }
  for (const topic of set.heldOut ?? []) {
    if (set.topics[topic] === undefined)
      throw new Error(`${source}: unknown held-out topic "${topic}"`);
  }
  return set;
}

/** Reads a labelled set from a JSON file. */
export function readLabelledSet(file: string | URL): LabelledSet {
  return parseLabelledSet(JSON.parse(readFileSync(file, 'utf8')), String(file));
}

/** The index of the case's point within its topic, or null (no point, or none found). */
export function pointIndex(set: LabelledSet, item: LabelledCase): number | null {
  const points = set.topics[item.topic] ?? [];
  if (item.point === null) return null;
  const index = typeof item.point === 'number' ? item.point : points.indexOf(item.point);
  return index >= 0 && index < points.length ? index : null;
}

/** The repository's labelled set (tuned topics and held-out topics). */
export const LABELLED_SET_FILE = new URL('./labelled-set.json', import.meta.url);
/** A second set on topics never tuned on, for an honest estimate of unseen topics. */
export const UNSEEN_SET_FILE = new URL('./unseen-set.json', import.meta.url);
