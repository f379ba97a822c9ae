import type { LLMMessage } from '../llm/llm-adapter';
import { isEngineCue } from '../session/turn-rules';
import { ECHO_WINDOW, isEcho } from '../text/exposure';
import { hasStem, isGenericTerm, keyTerms, splitSentences } from '../text/lexical';
import { isLearnerQuestion } from '../text/question';

/**
 * Folds text for evidence matching: entity escapes undone (`&lt;` as the judges see the
 * learner's `<`), compatibility forms unified, case, punctuation, symbols and zero-width
 * characters dropped, whitespace collapsed. Words stay words, so matching is word-aligned.
 */
export function normalizeEvidenceText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The learner's latest message and the one before it (engine cues skipped), latest first. */
function latestLearnerMessages(conversation: readonly LLMMessage[]): string[] {
  const messages: string[] = [];
  for (let index = conversation.length - 1; index >= 0 && messages.length < 2; index -= 1) {
    const message = conversation[index]!;
    if (message.role === 'user' && !isEngineCue(message.content)) messages.push(message.content);
  }
  return messages;
}

function contains(text: string, fragment: string): boolean {
  return ` ${text} `.includes(` ${fragment} `);
}

/** The non-empty parts of an elided quote (split at `…` / `...`), normalised. */
function fragmentsOf(evidence: string): string[] {
  return evidence
    .split(/…|\.\.\./)
    .map(normalizeEvidenceText)
    .filter((fragment) => fragment !== '');
}

/**
 * Whether a credit's `evidence` is the learner's own words: each part of an elided quote
 * (split at `…` / `...`) is found, normalised ({@link normalizeEvidenceText}) and word-aligned,
 * in the learner's latest message or the one before it. `conversation` ends with the latest
 * message. Empty evidence is never grounded. Whether those words only repeat what was shown is
 * {@link isCreditable}'s concern.
 */
export function isEvidenceGrounded(evidence: string, conversation: readonly LLMMessage[]): boolean {
  const fragments = fragmentsOf(evidence);
  if (fragments.length === 0) return false;
  const messages = latestLearnerMessages(conversation).map(normalizeEvidenceText);
  return fragments.every((fragment) => messages.some((message) => contains(message, fragment)));
}

/**
 * Whether the learner asked rather than answered: every part of the evidence lies only in
 * sentences of the learner's messages that are questions: ending in "?", or unpunctuated and
 * worded as one ({@link isLearnerQuestion}: a wh-word opening, subject–auxiliary inversion).
 */
export function isEvidenceInQuestion(
  evidence: string,
  conversation: readonly LLMMessage[],
): boolean {
  const fragments = fragmentsOf(evidence);
  const sentences = latestLearnerMessages(conversation).flatMap(splitSentences);
  return (
    fragments.length > 0 &&
    fragments.every((fragment) => {
      const holding = sentences.filter((sentence) =>
        contains(normalizeEvidenceText(sentence), fragment),
      );
      return holding.length > 0 && holding.every(asks);
    })
  );
}

// A sentence the learner closed with "." or "!" states; word order ("When the price rises, …")
// decides only for unpunctuated text such as voice transcripts.
function asks(sentence: string): boolean {
  const trimmed = sentence.trim();
  if (/\?$/.test(trimmed)) return true;
  return !/[.!]$/.test(trimmed) && isLearnerQuestion(trimmed);
}

/** What {@link isCreditable} weighs a credit against. */
export interface CreditContext {
  /** The conversation the latest learner message belongs to, ending with it. */
  conversation: readonly LLMMessage[];
  /** Texts shown to the learner, oldest first; the last {@link ECHO_WINDOW} are read. */
  shown: readonly string[];
}

/** The agent's reply right before the learner's latest message ('' when none). */
export function lastAgentReply(conversation: readonly LLMMessage[]): string {
  for (let index = conversation.length - 1; index >= 0; index -= 1) {
    const message = conversation[index]!;
    if (message.role === 'assistant') return message.content;
  }
  return '';
}

/**
 * Whether the evidence fills the gap of the agent's last reply — a cloze's blank or a
 * question — with key terms of the point that none of the recent replies showed: the learner
 * supplied what was hidden, so the cloze (or question) and the answer are judged together
 * and the words repeated around the fill are no echo.
 */
export function isGapFill(evidence: string, pointText: string, context: CreditContext): boolean {
  const reply = lastAgentReply(context.conversation);
  if (!/_{2,}|\?/.test(reply)) return false;
  const shown = context.shown
    .slice(-ECHO_WINDOW)
    .flatMap((text) => keyTerms(text).map((term) => term.stem));
  const hidden = keyTerms(pointText).filter(
    (term) => !isGenericTerm(term) && !hasStem(shown, term.stem),
  );
  const supplied = keyTerms(evidence).map((term) => term.stem);
  return hidden.some((term) => hasStem(supplied, term.stem));
}

/**
 * Whether a credit stands: its evidence is the learner's own words
 * ({@link isEvidenceGrounded}), not a question ({@link isEvidenceInQuestion}), and not an echo
 * of the last {@link ECHO_WINDOW} texts shown ({@link isEcho}, weighed on the point's key
 * terms) unless it fills the gap those texts left ({@link isGapFill}).
 */
export function isCreditable(
  verdict: { evidence: string },
  pointText: string,
  context: CreditContext,
): boolean {
  const { evidence } = verdict;
  if (!isEvidenceGrounded(evidence, context.conversation)) return false;
  if (isEvidenceInQuestion(evidence, context.conversation)) return false;
  const shown = context.shown.slice(-ECHO_WINDOW);
  return !isEcho(evidence, shown, { pointText }) || isGapFill(evidence, pointText, context);
}

/**
 * Whether the learner's message pastes back the agent's last reply — its question or cloze,
 * blank and all: at least {@link ECHO_SHARE} of the message's key terms are in it. Such a
 * message is an attempt on the point asked about, never a recall.
 */
export function isPastedBack(message: string, lastReply: string): boolean {
  return isEcho(message, [lastReply]);
}

/**
 * The verdicts with every credit that does not stand ({@link isCreditable}) turned into "not
 * recalled" (its `attempted` kept: the learner did try). `pointText` gives a point's content
 * (undefined for a point no longer in the set: its credit is dropped).
 */
export function withCreditableVerdicts<
  T extends { pointId: string; recalled: boolean; evidence: string },
>(
  verdicts: readonly T[],
  options: CreditContext & { pointText: (pointId: string) => string | undefined },
): T[] {
  return verdicts.map((verdict) => {
    if (!verdict.recalled) return verdict;
    const pointText = options.pointText(verdict.pointId);
    return pointText !== undefined && isCreditable(verdict, pointText, options)
      ? verdict
      : { ...verdict, recalled: false };
  });
}
