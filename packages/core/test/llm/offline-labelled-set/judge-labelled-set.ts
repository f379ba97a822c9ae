// Runs a labelled set through the offline model's evaluator, one request per case (the
// topic's points, the case's point as the focus, what was shown before as the tutor's last
// reply), and scores "recalled" per answer kind.
import { createOfflineLLM, type OfflineLLMOptions } from '../../../src/llm/offline/offline-llm';
import { EVALUATOR_SYSTEM_PROMPT, evaluationSchema } from '../../../src/prompts/evaluator-prompt';
import { buildEvaluatorMessages } from '../../../src/prompts/turn-requests';
import {
  ANSWER_KINDS,
  type AnswerKind,
  type LabelledCase,
  type LabelledSet,
  pointIndex,
} from './labelled-set';

/** One case as the offline model judged it. */
export interface JudgedCase extends LabelledCase {
  /** Whether the case's own point was credited. */
  credited: boolean;
  /** Other points credited (always wrong). */
  wronglyCredited: number;
  /** Whether the case's own point got a near miss. */
  nearMiss: boolean;
}

/** Precision, recall and F1 of "recalled", and the near-miss errors. */
export interface Score {
  cases: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  /** Per kind: cases, how many credited the case's point, how many credited a point wrongly. */
  kinds: Partial<Record<AnswerKind, { cases: number; credited: number; falseCredit: number }>>;
  /** Near misses given to a wrong, negated, off-topic, question, echo or "I don't know" answer. */
  nearMissErrors: JudgedCase[];
  judged: JudgedCase[];
}

const NO_NEAR_MISS_KINDS: ReadonlySet<AnswerKind> = new Set([
  'negated',
  'wrong_sharing_words',
  'off_topic',
  'dont_know',
  'question',
  'echo',
]);

/** Judges every case of `set` whose topic passes `include`. */
export async function judgeLabelledSet(
  set: LabelledSet,
  include: (topic: string) => boolean = () => true,
  options: OfflineLLMOptions = {},
): Promise<JudgedCase[]> {
  const llm = createOfflineLLM(options);
  const judged: JudgedCase[] = [];
  for (const item of set.cases) {
    if (!include(item.topic)) continue;
    const points = set.topics[item.topic]!.map((content, index) => ({ id: `p${index}`, content }));
    const index = pointIndex(set, item);
    const messages = buildEvaluatorMessages({
      points,
      focusPointId: index === null ? points[0]!.id : `p${index}`,
      conversation:
        item.shownBefore === undefined ? [] : [{ role: 'assistant', content: item.shownBefore }],
      latestMessage: item.answer,
    });
    const { object } = await llm.generateObject({
      kind: 'evaluator',
      system: EVALUATOR_SYSTEM_PROMPT,
      messages,
      schema: evaluationSchema,
      schemaName: 'evaluation',
    });
    const own = index === null ? undefined : object.points[index];
    judged.push({
      ...item,
      credited: own?.recalled ?? false,
      wronglyCredited: object.points.filter((verdict, at) => verdict.recalled && at !== index)
        .length,
      nearMiss: own?.nearMiss ?? object.points.some((verdict) => verdict.nearMiss),
    });
  }
  return judged;
}

/** Scores judged cases: "recalled" counted per case for its own point, plus any wrong credit. */
export function scoreJudged(judged: readonly JudgedCase[]): Score {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const kinds: Score['kinds'] = {};
  for (const item of judged) {
    const shouldCredit = item.expected === 'recalled';
    const falseCredit = item.wronglyCredited + (item.credited && !shouldCredit ? 1 : 0);
    if (shouldCredit && item.credited) truePositives += 1;
    if (shouldCredit && !item.credited) falseNegatives += 1;
    falsePositives += falseCredit;
    const entry = kinds[item.kind] ?? { cases: 0, credited: 0, falseCredit: 0 };
    kinds[item.kind] = entry;
    entry.cases += 1;
    if (item.credited) entry.credited += 1;
    entry.falseCredit += falseCredit;
  }
  const precision = ratio(truePositives, truePositives + falsePositives);
  const recall = ratio(truePositives, truePositives + falseNegatives);
  const ordered: Score['kinds'] = {};
  for (const kind of ANSWER_KINDS) if (kinds[kind] !== undefined) ordered[kind] = kinds[kind];
  return {
    cases: judged.length,
    truePositives,
    falsePositives,
    falseNegatives,
    precision,
    recall,
    f1: ratio(2 * precision * recall, precision + recall),
    kinds: ordered,
    nearMissErrors: judged.filter((item) => item.nearMiss && NO_NEAR_MISS_KINDS.has(item.kind)),
    judged: [...judged],
  };
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}
