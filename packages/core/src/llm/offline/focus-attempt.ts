import { saysCannotRecall } from '../../session/turn-rules';
import { isLearnerQuestion } from '../../text/question';
import { type PointJudgement, type WeightedTerm, termAsWord } from './lexical-judge';
import { readSentence } from './sentence-structure';
import { wordsMatch } from './word-match';

/**
 * Whether a message is an attempt at the focus point although it neither recalls nor nearly
 * recalls it: it says the learner cannot recall, uses a word only that point has ("something
 * with a synthase?"), or is a question using any of its specific words ("does the third estate
 * come into it?": a guess in question form, never credited, but the hints narrow and the probe
 * moves on as after any miss). Off-topic messages are no attempt.
 */
export function attemptsFocus(message: string, terms: readonly WeightedTerm[]): boolean {
  if (saysCannotRecall(message)) return true;
  const words = readSentence(message).filter((word) => !word.stop);
  const question = isLearnerQuestion(message);
  return terms.some(
    (term) =>
      (term.distinctive || (question && !term.generic)) &&
      words.some((word) => wordsMatch(termAsWord(term), word)),
  );
}

/** Whether the judge gave the point a verdict of its own: recalled, nearly, or contradicted. */
export function verdictGiven(judgement: PointJudgement): boolean {
  return judgement.recalled || judgement.nearMiss || judgement.contradiction !== null;
}

/** Options for {@link focusAttempted}. */
export interface FocusAttemptedOptions {
  /** The judgements of the pending points (see `judgeAnswer`). */
  judgements: readonly PointJudgement[];
  /** Index of the focus point in `judgements`. */
  focusIndex: number;
  /** The learner's latest message. */
  message: string;
  /** The focus point's weighted terms. */
  terms: readonly WeightedTerm[];
}

/**
 * The offline rule for the evaluator's `attempted` on the focus point, shared by the evaluator
 * (which reports it) and the tutor (which follows the probe wrap it causes): the message got a
 * verdict on the focus, or — answering no other point — says it cannot recall or uses a word
 * only the focus has.
 */
export function focusAttempted(options: FocusAttemptedOptions): boolean {
  const { judgements, focusIndex } = options;
  const focus = judgements[focusIndex];
  if (focus === undefined) return false;
  if (verdictGiven(focus)) return true;
  const answersAnother = judgements.some(
    (judgement, index) => index !== focusIndex && (judgement.recalled || judgement.nearMiss),
  );
  return !answersAnother && attemptsFocus(options.message, options.terms);
}
