import { hasStem, isGenericTerm, keyTerms } from '../text/lexical';
import { describeMissing } from '../text/missing-aspects';

/** Feedback when the judge named nothing and the point is unknown. */
export const DEFAULT_NEAR_MISS_FEEDBACK = 'Partly there — be more specific.';

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
 * The learner-facing text of a near miss (`recall_point_near_miss.feedback`, shown by the UI
 * and also the tutor's note about the point). The judge's `missing` is used as is when it
 * gives no answer away — when it contains no key word of the point's content that the learner
 * did not say themselves (generic words like "makes" aside); the evaluator prompt asks for
 * exactly such a nudge. Otherwise (e.g. "missing: ADP, phosphate") it is replaced by the
 * missing *aspects* read from the content's structure ("Partly there — still missing: what it
 * comes from."), which never quote it. The tutor loses nothing: its system prompt lists the
 * point's content.
 */
export function nearMissFeedback(options: NearMissFeedbackOptions): string {
  const missing = options.missing.trim();
  const { content } = options;
  if (content === undefined) return missing || DEFAULT_NEAR_MISS_FEEDBACK;
  const said = keyTerms(options.learnerMessage).map((term) => term.stem);
  const named = keyTerms(missing).map((term) => term.stem);
  const givesAway = keyTerms(content).some(
    (term) => !isGenericTerm(term) && !hasStem(said, term.stem) && hasStem(named, term.stem),
  );
  if (missing !== '' && !givesAway) return missing;
  return describeMissing({ content, said: options.learnerMessage });
}
