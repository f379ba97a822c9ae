// What the learner has been shown, measured in key terms ({@link keyTerms}). One definition,
// used by the engine (echo check, rating caps), the offline model (hint caps) and the
// evaluation harness (answer leak). Pure and zod-free: safe in browsers.
import { type KeyTerm, hasStem, keyTerms } from './lexical';

/**
 * Evidence whose key terms are at least this share among the terms shown in the recent agent
 * replies is an echo, not recall.
 */
export const ECHO_SHARE = 0.6;

/** How many of the latest agent replies (tutor or rabbit-hole agent) the echo check reads. */
export const ECHO_WINDOW = 6;

/** The stems of every key term in `texts`. */
function stemsOf(texts: readonly string[]): string[] {
  return texts.flatMap((text) => keyTerms(text).map((term) => term.stem));
}

/**
 * The key terms of `pointText` that appear in any of `shownTexts` (tutor replies, hints and
 * clozes, near-miss feedback, rabbit-hole agent replies, resources the learner saw).
 */
export function shownKeyTerms(pointText: string, shownTexts: readonly string[]): KeyTerm[] {
  const shown = stemsOf(shownTexts);
  return keyTerms(pointText).filter((term) => hasStem(shown, term.stem));
}

/**
 * A point's exposure: the share (0–1) of its key terms that `shownTexts` put before the
 * learner. A point with no key terms has exposure 0.
 *
 * @example exposure('Lava is magma that reaches the surface', ['Magma that ___ the surface is called ___'])
 * // 0.5 (magma, surface of lava, magma, reach, surface)
 */
export function exposure(pointText: string, shownTexts: readonly string[]): number {
  const terms = keyTerms(pointText);
  if (terms.length === 0) return 0;
  return shownKeyTerms(pointText, shownTexts).length / terms.length;
}

/** The share (0–1) of `evidence`'s key terms found among the key terms of `shownTexts`. */
export function echoShare(evidence: string, shownTexts: readonly string[]): number {
  const terms = keyTerms(evidence);
  if (terms.length === 0) return 0;
  const shown = stemsOf(shownTexts);
  return terms.filter((term) => hasStem(shown, term.stem)).length / terms.length;
}

/** Options for {@link isEcho}. */
export interface EchoOptions {
  /**
   * The point the evidence is credited for. When given and the evidence holds at least two of
   * its key terms, only those are weighed (words of one's own around a repeated sentence change
   * nothing); otherwise the evidence is weighed whole.
   */
  pointText?: string;
}

/**
 * Whether `evidence` only repeats what was shown: at least {@link ECHO_SHARE} of its key terms
 * appear in `recentReplies` (the last {@link ECHO_WINDOW} agent replies, oldest first; older
 * ones are ignored). Evidence with no key terms is not an echo (and not evidence either).
 *
 * @example isEcho('so magma reaching the surface is lava', ['Magma that reaches the surface is called lava.']) // true
 */
export function isEcho(
  evidence: string,
  recentReplies: readonly string[],
  options: EchoOptions = {},
): boolean {
  const window = recentReplies.slice(-ECHO_WINDOW);
  const terms = keyTerms(evidence);
  if (terms.length === 0) return false;
  const pointStems =
    options.pointText === undefined ? [] : keyTerms(options.pointText).map((term) => term.stem);
  const ofPoint = terms.filter((term) => hasStem(pointStems, term.stem));
  const weighed = ofPoint.length >= 2 ? ofPoint : terms;
  const shown = stemsOf(window);
  const echoed = weighed.filter((term) => hasStem(shown, term.stem)).length;
  return echoed / weighed.length >= ECHO_SHARE;
}
