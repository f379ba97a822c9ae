import type { ChatMessage, RecallClientSnapshot } from '@recall/ws';
import { selectMessages } from './messages';

/**
 * Where a single exchange stands: the agent's text is shown; the learner has sent and waits
 * (their text stays visible until the first chunk of the answer); the answer is streaming.
 */
export type ExchangePhase = 'showing_agent' | 'awaiting_response' | 'agent_streaming';

/** The current exchange only: what a one-question-at-a-time screen shows. */
export interface Exchange {
  phase: ExchangePhase;
  /** The agent message on screen (streaming or last complete); `null` before the first one. */
  agentMessage: ChatMessage | null;
  /** Its text, `''` before the first one. */
  agentText: string;
  /** The learner's last message while it waits for an answer, else `null`. */
  learnerMessage: ChatMessage | null;
  /** True while the agent message is the opening one: the learner has sent nothing yet. */
  isOpeningMessage: boolean;
}

function lastIndexWhere(
  messages: readonly ChatMessage[],
  predicate: (message: ChatMessage) => boolean,
): number {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && predicate(message)) return index;
  }
  return -1;
}

export function selectExchange(snapshot: RecallClientSnapshot): Exchange {
  const messages = selectMessages(snapshot);
  const lastUser = lastIndexWhere(messages, (message) => message.role === 'user');
  const lastAgent = lastIndexWhere(messages, (message) => message.role === 'assistant');
  const agent = messages[lastAgent] ?? null;
  const answering = agent !== null && lastAgent > lastUser;

  // The learner's text stays until the answer's first visible chunk.
  const isStreaming = answering && agent.status === 'streaming' && agent.content.length > 0;
  if (isStreaming) return exchange('agent_streaming', agent, null, lastUser);
  if (lastUser !== -1 && !answering) {
    return exchange('awaiting_response', agent, messages[lastUser] ?? null, lastUser);
  }
  if (answering && agent.status === 'streaming') {
    // A response started but has no text yet: still waiting; keep the previous agent text.
    const previousAgent = lastIndexWhere(
      messages.slice(0, lastAgent),
      (message) => message.role === 'assistant',
    );
    return exchange(
      'awaiting_response',
      messages[previousAgent] ?? null,
      messages[lastUser] ?? null,
      lastUser,
    );
  }
  return exchange('showing_agent', agent, null, lastUser);
}

function exchange(
  phase: ExchangePhase,
  agentMessage: ChatMessage | null,
  learnerMessage: ChatMessage | null,
  lastUser: number,
): Exchange {
  return {
    phase,
    agentMessage,
    agentText: agentMessage?.content ?? '',
    learnerMessage,
    isOpeningMessage: agentMessage !== null && lastUser === -1,
  };
}
