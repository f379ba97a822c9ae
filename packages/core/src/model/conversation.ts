// A conversation as the agents' histories hold it: the message type, and the fixed user turns
// stored so every conversation starts with a user turn and the request prefix stays
// byte-identical from one turn to the next. Plain data; the session fold writes them.

/** One conversation message. */
export interface LLMMessage {
  role: 'user' | 'assistant';
  content: string;
}

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
