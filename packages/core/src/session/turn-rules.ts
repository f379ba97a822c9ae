// The rules each learner turn is read by, written once for the engine, its fold and the
// offline model: whether the session takes the turn, whether the rabbit-hole detector runs,
// which checklist point it answers (and the pending points in the order the probe takes them,
// which the prompts read), whether it only says the learner cannot recall, and which user
// turns are the engine's own cues rather than the learner's words. Pure.
import { RecallError } from '../errors/recall-error';
import type { EngineSessionState } from './session-state';
import { keyTerms } from '../text/lexical';

type ChecklistView = Pick<EngineSessionState, 'targetPointIds' | 'checklist'>;

/**
 * Whether the rabbit-hole detector runs for the next learner message, judged on the state
 * before it: only in recall mode, after the warm-up exchanges, with no prompt pending
 * (a message sent then declines it) and no decline cooldown left.
 */
export function shouldDetectRabbithole(
  state: EngineSessionState,
  options: { warmupExchanges: number },
): boolean {
  return (
    state.mode === 'recall' &&
    state.pendingRabbithole === null &&
    state.declineCooldown === 0 &&
    state.exchangeCount >= options.warmupExchanges
  );
}

/** Throws the typed error for a session that cannot take learner input now. */
export function assertSessionActive(state: EngineSessionState): void {
  switch (state.status) {
    case 'in_progress':
      return;
    case 'created':
      throw new RecallError('SESSION_NOT_FOUND', `Session "${state.sessionId}" has not started.`);
    case 'paused':
      throw new RecallError(
        'SESSION_ENDED',
        `Session "${state.sessionId}" is paused; call startSession to resume it.`,
      );
    case 'completed':
    case 'abandoned':
      throw new RecallError('SESSION_ENDED', `Session "${state.sessionId}" is ${state.status}.`);
  }
}

/**
 * What a recall-mode learner message is about, fixed when it arrives: the focus it answers
 * and the point the tutor may have asked about instead — the point its latest reply's question
 * asked about (`askedPointId`) when that is another pending point, or, when the engine could
 * not tell which point the reply asked about and the previous answer attempted the focus
 * without credit, the covered branch the tutor was offered (it may have moved on).
 */
export function answering(state: EngineSessionState): EngineSessionState {
  const focus = state.focusPointId;
  const asked = state.askedPointId;
  const alternative =
    asked !== null
      ? asked !== focus && state.checklist[asked] === 'pending'
        ? asked
        : null
      : focus !== null && state.unresolvedFocusPointId === focus
        ? (pendingAfter(state, focus)[0] ?? null)
        : null;
  return {
    ...state,
    answeringFocusPointId: focus,
    answeringAlternativePointId: alternative,
    unresolvedFocusPointId: null,
  };
}

/**
 * The pending points other than `pointId`, in the order the probe takes them from there: the
 * ones after it in checklist order, then (wrapping) the ones before it.
 */
export function pendingAfter(state: ChecklistView, pointId: string): string[] {
  const total = state.targetPointIds.length;
  const start = state.targetPointIds.indexOf(pointId) + 1;
  const order: string[] = [];
  for (let offset = 0; offset < total; offset += 1) {
    const candidate = state.targetPointIds[(start + offset) % total]!;
    if (candidate !== pointId && state.checklist[candidate] === 'pending') order.push(candidate);
  }
  return order;
}

/** Pending points in checklist order. */
export function uncheckedPointIds(state: ChecklistView): string[] {
  return state.targetPointIds.filter((pointId) => state.checklist[pointId] === 'pending');
}

// "I don't remember": one definition of an answer that says the learner cannot recall, shared
// by the engine (such an answer to the asked point is a failed attempt on it) and the offline
// model (which keeps its hints in step with the probe wrap it causes).

/** Phrases that say "I cannot recall it", in the forms learners type or dictate. */
const CANNOT_RECALL = new RegExp(
  [
    // I don't / can't / cannot / couldn't know, remember, recall, think of, say
    String.raw`\b(?:do|does|did|can|could|ca)(?:n['’]?t| not)\s+(?:\w+\s+)?(?:know|remember|recall|think of|say|tell)\b`,
    String.raw`\bcannot\s+(?:\w+\s+)?(?:know|remember|recall|think of|say|tell)\b`,
    String.raw`\bno\s+(?:idea|clue|memory|recollection)\b`,
    String.raw`\b(?:forgot|forgotten|forget|dunno|idk|blanking|blanked)\b`,
    String.raw`\bnot\s+sure\b`,
    String.raw`\bnothing\s+(?:comes?|came|springs?)\s+to\s+mind\b`,
    String.raw`\b(?:mind|memory)\s+is\s+(?:a\s+)?blank\b`,
    String.raw`\bhave\s+no\s+(?:idea|clue)\b`,
    String.raw`\bpass\b\s*[.!]?\s*$`,
  ].join('|'),
  'gi',
);

/** Words that may stand around the phrase without making the message an answer. */
const FILLER = new Set(
  'sorry anything thing things one bit part point really honestly actually afraid still just now right'.split(
    ' ',
  ),
);

/**
 * Whether a learner message only says they cannot recall ("I don't remember", "no idea",
 * "I have forgotten it", "nothing comes to mind"): once those phrases are taken out, no key
 * term is left but filler ("sorry", "anything"). A message that also tries an answer ("the
 * mitochondria, not sure") is an answer.
 *
 * @example
 * saysCannotRecall("I can't recall that one."); // true
 * saysCannotRecall('It happens in the thylakoid membranes.'); // false
 */
export function saysCannotRecall(message: string): boolean {
  const rest = message.replace(CANNOT_RECALL, ' ');
  if (rest === message) return false;
  return keyTerms(rest).every((term) => FILLER.has(term.word));
}

// The fixed user turns the fold stores so every conversation starts with a user turn and the
// request prefix stays byte-identical from one turn to the next.

/** The user turn that asks the tutor for the session's opening question. */
export const OPENING_CUE = 'I am ready to start the session.';

/** The user turn that asks the tutor for the welcome-back recap of a resumed session. */
export const RESUME_CUE = 'I am back to continue the session.';

/** The user turn that asks the tutor to speak first after the learner left a rabbit hole. */
export const RETURN_CUE = 'I am back from the side conversation.';

/** The user turn that opens a rabbit hole's side conversation. */
export function rabbitholeCue(topic: string): string {
  return `I'm curious about ${topic}. Tell me more.`;
}

const RABBITHOLE_CUE_PATTERN = /^I'm curious about (.+)\. Tell me more\.$/s;

/**
 * The topic named by a rabbit hole's opening user turn, or '' when the turn is not one. Per-turn
 * notes appended to the turn (the agent's first request) are ignored.
 */
export function topicOfRabbitholeCue(content: string): string {
  const notes = content.lastIndexOf('\n\n<session_notes>');
  const words = notes === -1 ? content : content.slice(0, notes);
  return RABBITHOLE_CUE_PATTERN.exec(words)?.[1] ?? '';
}

/** True for a user turn the engine wrote (a cue), which is never the learner's own words. */
export function isEngineCue(content: string): boolean {
  return (
    content === OPENING_CUE ||
    content === RESUME_CUE ||
    content === RETURN_CUE ||
    topicOfRabbitholeCue(content) !== ''
  );
}
