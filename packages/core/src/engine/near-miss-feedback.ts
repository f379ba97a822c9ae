import { hasStem, isGenericTerm, keyTerms, normalizeText } from '../text/lexical';
import { describeMissing } from '../text/missing-aspects';

/** Feedback when the judge named nothing usable and the point is unknown. */
export const DEFAULT_NEAR_MISS_FEEDBACK = "Right so far — there's more to it.";

/** Words that negate a statement ("isn't" normalises to "isn t"). */
const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'neither',
  'nor',
  'none',
  'nothing',
  'cannot',
  't',
]);

// Hedges and vague words a partly right answer is padded with ("it is involved somehow"): they
// are neither right nor wrong about a point.
const VAGUE_WORDS = new Set(
  `involved involve involves somehow somewhere somewhat basically probably possibly guess believe
suppose mean means sort related relates certain specific whatever actually kinda approximately
roughly`.split(/\s+/),
);

function negates(text: string): boolean {
  return normalizeText(text)
    .split(' ')
    .some((word) => NEGATIONS.has(word));
}

/** Options for {@link isRightSoFar}. */
export interface RightSoFarOptions {
  /** The learner's message the near miss is about. */
  learnerMessage: string;
  /** The point's content. */
  content: string;
  /** The point's context (background words that are still on topic). */
  context: string;
  /** What the learner was just shown (the agent's last reply): its words prove nothing. */
  shownBefore: string;
  /** Texts of points credited in the same message: their words are not about this point. */
  creditedElsewhere?: readonly string[];
}

/**
 * Whether an answer the judge calls a near miss is right as far as it goes, so near-miss
 * feedback may follow it. Never for a negated answer (the message negates and the point does
 * not: "X is not called lava"), and never for a wrong one: of the learner's specific key terms
 * — generic and vague words ("somehow"), words just shown and words of points credited in the
 * same message aside —
 * more than half must belong to the point (content or context). "Carbon
 * dioxide" for a point about oxygen names nothing of it: no near miss, however close it sounds.
 */
export function isRightSoFar(options: RightSoFarOptions): boolean {
  if (negates(options.learnerMessage) && !negates(options.content)) return false;
  const excluded = [options.shownBefore, ...(options.creditedElsewhere ?? [])].flatMap((text) =>
    keyTerms(text).map((term) => term.stem),
  );
  const own = keyTerms(options.learnerMessage).filter(
    (term) => !isGenericTerm(term) && !VAGUE_WORDS.has(term.word) && !hasStem(excluded, term.stem),
  );
  const pointStems = keyTerms(`${options.content} ${options.context}`).map((term) => term.stem);
  const onPoint = own.filter((term) => hasStem(pointStems, term.stem)).length;
  return onPoint > 0 && onPoint * 2 > own.length;
}

/** Options for {@link nearMissFeedback}. */
export interface NearMissFeedbackOptions {
  /** The judge's `missing` for the point. */
  missing: string;
  /** The point's content (undefined when the point is no longer in the set). */
  content: string | undefined;
  /** The learner's message the verdict is about. */
  learnerMessage: string;
}

/**
 * Whether `text` names a key term of `content` the learner did not say (generic words like
 * "makes" aside): a missing key term, which near-miss feedback never states.
 */
function statesMissingTerm(text: string, content: string, learnerMessage: string): boolean {
  const said = keyTerms(learnerMessage).map((term) => term.stem);
  const named = keyTerms(text).map((term) => term.stem);
  return keyTerms(content).some(
    (term) => !isGenericTerm(term) && !hasStem(said, term.stem) && hasStem(named, term.stem),
  );
}

/**
 * The learner-facing text of a near miss (`recall_point_near_miss.feedback`, shown by the UI
 * and also the tutor's note about the point). It states no missing key term and never the
 * answer: the judge's `missing` is used as is when it names no key term of the point's content
 * the learner did not say themselves (the evaluator prompt asks for exactly such a nudge);
 * otherwise the missing *aspects* read from the content's structure ("Partly there — still
 * missing: what it comes from."), which never quote it; and if even those named a missing term,
 * a plain "Right so far — there's more to it.". The tutor loses nothing: its system prompt lists
 * the point's content.
 */
export function nearMissFeedback(options: NearMissFeedbackOptions): string {
  const missing = options.missing.trim();
  const { content, learnerMessage } = options;
  if (content === undefined) return missing || DEFAULT_NEAR_MISS_FEEDBACK;
  if (missing !== '' && !statesMissingTerm(missing, content, learnerMessage)) return missing;
  const aspects = describeMissing({ content, said: learnerMessage });
  return statesMissingTerm(aspects, content, learnerMessage) ? DEFAULT_NEAR_MISS_FEEDBACK : aspects;
}
