import type { LLMMessage } from '../llm/llm-adapter';
import { isEngineCue } from '../prompts/conversation-cues';

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

/** A learner message of a conversation and the agent reply right before it ('' if none). */
interface LearnerTurn {
  words: string;
  before: string;
}

/** The learner's latest message and the one before it (engine cues skipped), latest first. */
function latestLearnerTurns(conversation: readonly LLMMessage[]): LearnerTurn[] {
  const turns: LearnerTurn[] = [];
  for (let index = conversation.length - 1; index >= 0 && turns.length < 2; index -= 1) {
    const message = conversation[index]!;
    if (message.role !== 'user' || isEngineCue(message.content)) continue;
    const previous = conversation[index - 1];
    turns.push({
      words: normalizeEvidenceText(message.content),
      before: previous?.role === 'assistant' ? normalizeEvidenceText(previous.content) : '',
    });
  }
  return turns;
}

function contains(text: string, fragment: string): boolean {
  return ` ${text} `.includes(` ${fragment} `);
}

/**
 * Whether a credit's `evidence` is the learner's own. An elided quote is split at `…` / `...`;
 * each part must be found, normalised ({@link normalizeEvidenceText}) and word-aligned, in the
 * learner's latest message or the one before it, and at least one part must be found in a
 * message whose preceding agent reply did not say it — the learner repeating what the tutor or
 * the rabbit-hole agent just said is no recall. `conversation` ends with the latest message.
 * Empty evidence is never grounded.
 */
export function isEvidenceGrounded(evidence: string, conversation: readonly LLMMessage[]): boolean {
  const fragments = evidence
    .split(/…|\.\.\./)
    .map(normalizeEvidenceText)
    .filter((fragment) => fragment !== '');
  if (fragments.length === 0) return false;
  const turns = latestLearnerTurns(conversation);
  const found = (fragment: string) => turns.some((turn) => contains(turn.words, fragment));
  const own = (fragment: string) =>
    turns.some((turn) => contains(turn.words, fragment) && !contains(turn.before, fragment));
  return fragments.every(found) && fragments.some(own);
}

/**
 * The verdicts with every credit whose evidence is not grounded ({@link isEvidenceGrounded})
 * turned into "not recalled" (its `attempted` kept: the learner did try).
 */
export function withGroundedCredits<T extends { recalled: boolean; evidence: string }>(
  verdicts: readonly T[],
  conversation: readonly LLMMessage[],
): T[] {
  return verdicts.map((verdict) =>
    verdict.recalled && !isEvidenceGrounded(verdict.evidence, conversation)
      ? { ...verdict, recalled: false }
      : verdict,
  );
}
