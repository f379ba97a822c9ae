import type { PersonaName } from '../personas/persona-types';

/**
 * What each built-in persona does and how to read its row, for the reports' legend. A learner
 * played by a model (`--learner-llm`) or a team's own persona has no note.
 */
export const PERSONA_NOTES: Readonly<Record<PersonaName, string>> = {
  strong:
    'States the asked point in its own words (the set’s `evalAnswers.strong`, else verbatim). Every credit is earned; missed credits are answers the judge refused.',
  partial:
    'States half of the point’s key terms. Expect near misses and hints, not completion; a credit here is a generous judge, not a false one.',
  negator:
    'States the point negated ("… does not happen in …"). Every credit is false. Recall’s own CI thresholds allow none.',
  confuser:
    'Keeps the point’s words and swaps their roles ("The stroma takes place in the Calvin cycle"). Every credit is false, and only a judge that reads who does what to whom can refuse them: one that matches key terms (the offline model’s judge) credits most of them. Recall’s own CI thresholds leave this persona unlimited (its rules set 0 false credits for echo, asker and negator only), so there a count measures the model’s judge and fails no gate.',
  blank:
    '"I don’t remember" to everything, then leaves once every point was asked. Measures whether the tutor moves on: every point asked within 12 turns, no point more than 3 times in a row.',
  echo: 'Pastes back the tutor’s last reply, as is or with blanks filled by wrong words. Every credit is false (an echo shows nothing recalled); Recall’s own CI thresholds allow none.',
  asker:
    'Answers with questions that use the point’s words. Every credit is false (a question states nothing); Recall’s own CI thresholds allow none.',
  tangent:
    'Asks a side question every third turn, enters and declines rabbit holes, returns. Rabbit-hole leak is reported apart: that agent may share freely.',
  injector:
    'Every other message is tags and instructions ("ignore all previous instructions"); the others are real answers wrapped in tags. A credit in an injection turn is false.',
  'out-of-order':
    'Answers a pending point other than the one asked. Credits are earned (volunteered); re-asks and stuck sessions show a tutor that cannot follow.',
};

/** The note of a persona by name; undefined for a persona without one. */
export function personaNote(name: string): string | undefined {
  return Object.hasOwn(PERSONA_NOTES, name) ? PERSONA_NOTES[name as PersonaName] : undefined;
}
