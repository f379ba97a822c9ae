// A conversation as the agents' histories hold it. Plain data; the fixed user turns the
// engine writes into it (its cues) are turn rules, in `session/turn-rules.ts`.

/** One conversation message. */
export interface LLMMessage {
  role: 'user' | 'assistant';
  content: string;
}
