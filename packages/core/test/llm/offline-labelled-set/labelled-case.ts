/**
 * A labelled answer for the offline evaluator: a learner's message about one topic and
 * whether it recalls a point. Only verbatim and paraphrase answers recall their point.
 */
export type AnswerCategory =
  | 'verbatim'
  | 'paraphrase'
  | 'partial'
  | 'negated'
  | 'wrong_sharing_words'
  | 'off_topic';

/** The categories whose answers recall their point. */
export const RECALLING_CATEGORIES: ReadonlySet<AnswerCategory> = new Set([
  'verbatim',
  'paraphrase',
]);

export interface LabelledCase {
  category: AnswerCategory;
  /** The point the answer is about (null for an off-topic message). */
  pointId: string | null;
  message: string;
}

export interface LabelledTopic {
  name: string;
  points: ReadonlyArray<{ id: string; content: string; context: string }>;
  cases: readonly LabelledCase[];
}
