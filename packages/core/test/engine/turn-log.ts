import {
  type CommandResult,
  type RecallEngine,
  type SessionEvent,
  toRecallError,
} from '@recall/core';
import type { CommandOptions } from '../../src/engine/engine-types';

/** Learner text tagged so tests can tell whose message (and reply) a request carries. */
export function learnerText(tag: string): string {
  return `[msg-${tag}] what I remember`;
}

/** The scripted tutor's reply to a tagged learner message. */
export function replyText(tag: string): string {
  return `[reply-${tag}] go on please`;
}

/**
 * Sends one learner message the way a client's outbox does: a message refused with
 * `SESSION_BUSY` (the session already has a running and a queued turn) is sent again, after a
 * short wait instead of the full `retryAfterMs` to keep tests fast.
 */
export async function sendWhenAdmitted(
  engine: Pick<RecallEngine, 'sendUserMessage'>,
  sessionId: string,
  content: string,
  options: CommandOptions = {},
): Promise<CommandResult & { refusals: number }> {
  for (let refusals = 0; ; refusals += 1) {
    try {
      return { ...(await engine.sendUserMessage(sessionId, content, options)), refusals };
    } catch (error) {
      const recallError = toRecallError(error);
      if (recallError.code !== 'SESSION_BUSY') throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(recallError.retryAfterMs ?? 10, 10)),
      );
    }
  }
}

/** The tag of the latest learner message in a request's last user turn. */
export function latestTag(messages: readonly { role: string; content: string }[]): string | null {
  const tags = [...(messages.at(-1)?.content ?? '').matchAll(/\[msg-([^\]]+)\]/g)];
  return tags.at(-1)?.[1] ?? null;
}

/**
 * Everything that makes a log of concurrent turns ill-formed: seq gaps, a turn whose events
 * are split by another turn's, a learner message inside an open response, a learner message
 * without exactly one reply of its own turn.
 */
export function turnProblems(events: readonly SessionEvent[]): string[] {
  const problems: string[] = [];
  events.forEach((event, index) => {
    if (event.seq !== index + 1) problems.push(`seq ${event.seq} at position ${index + 1}`);
  });
  const closedTurns = new Set<string>();
  let currentTurn: string | undefined;
  const open = new Set<string>();
  for (const event of events) {
    if (event.turnId !== currentTurn) {
      if (currentTurn !== undefined) closedTurns.add(currentTurn);
      if (event.turnId !== undefined && closedTurns.has(event.turnId)) {
        problems.push(`turn ${event.turnId} resumes at seq ${event.seq} after another turn`);
      }
      currentTurn = event.turnId;
    }
    if (event.type === 'user_message' && open.size > 0) {
      problems.push(`user_message at seq ${event.seq} inside open response(s) ${[...open]}`);
    }
    if (event.type === 'assistant_streaming_start') open.add(event.data.responseId);
    if (event.type === 'assistant_streaming_end') open.delete(event.data.responseId);
  }
  if (open.size > 0) problems.push(`responses never ended: ${[...open]}`);
  // A learner message's reply is the response started in the same batch (same turn).
  for (const message of events.filter((event) => event.type === 'user_message')) {
    const start = events.find(
      (event) => event.type === 'assistant_streaming_start' && event.turnId === message.turnId,
    );
    const replies = events.filter(
      (event) =>
        event.type === 'assistant_message' &&
        start !== undefined &&
        event.responseId === start.responseId,
    );
    if (replies.length !== 1) {
      problems.push(`user_message at seq ${message.seq} has ${replies.length} replies`);
    }
  }
  return problems;
}

/**
 * For each learner message after the first (in log order), a problem when the tutor request
 * that answered it lacks the previous learner message or the previous reply.
 */
export function missingContext(
  events: readonly SessionEvent[],
  requests: readonly { messages: readonly { role: string; content: string }[] }[],
): string[] {
  const order = events.flatMap((event) =>
    event.type === 'user_message' ? [/\[msg-([^\]]+)\]/.exec(event.data.content)?.[1] ?? ''] : [],
  );
  const problems: string[] = [];
  for (let index = 1; index < order.length; index += 1) {
    const tag = order[index]!;
    const previous = order[index - 1]!;
    const request = requests.find((candidate) => latestTag(candidate.messages) === tag);
    if (request === undefined) {
      problems.push(`no tutor request answered ${tag}`);
      continue;
    }
    const transcript = request.messages.map((message) => message.content).join('\n');
    for (const expected of [`[msg-${previous}]`, `[reply-${previous}]`]) {
      if (!transcript.includes(expected)) problems.push(`request for ${tag} lacks ${expected}`);
    }
  }
  return problems;
}
