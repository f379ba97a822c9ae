import { RecallError } from '../errors/recall-error';
import type { Agent, TokenUsage } from '../events/catalog';
import type { RecallSet } from '../model/recall-set';
import { buildTutorRequest } from '../prompts/tutor-request';
import type { EngineSessionState } from '../session/session-state';
import { releaseLiveResponse, streamResponse, type StreamedResponse } from './response-stream';
import { reportError } from './runtime';
import type { Turn } from './turn';

/** Options for {@link completeResponse}. */
export interface CompleteResponseOptions {
  responseId: string;
  agent: Agent;
  response: StreamedResponse;
  /** Usage of the judge calls of the turn this response answers. */
  judgeUsage?: TokenUsage | undefined;
  clientMessageId?: string | undefined;
  /** Report a failed stream as a session error. @default true */
  report?: boolean;
}

/**
 * Stores the end of a response: `assistant_streaming_end` then `assistant_message`
 * (`interrupted` when the stream failed, with the partial text), and reports the failure.
 */
export async function completeResponse(
  turn: Turn,
  options: CompleteResponseOptions,
): Promise<void> {
  const { responseId, agent, response, judgeUsage } = options;
  await turn.append((context, state) =>
    !state.openResponses.some((open) => open.responseId === responseId)
      ? []
      : [
          context.build(
            'assistant_streaming_end',
            { responseId, fullContent: response.text, totalChunks: response.chunks },
            { responseId },
          ),
          context.build(
            'assistant_message',
            {
              content: response.text,
              agent,
              ...(response.usage === undefined ? {} : { usage: response.usage }),
              ...(judgeUsage === undefined ? {} : { judgeUsage }),
              ...(response.error === undefined ? {} : { interrupted: true }),
            },
            { responseId },
          ),
        ],
  );
  releaseLiveResponse(turn, responseId);
  if (response.error !== undefined && options.report !== false) {
    reportError(turn.runtime, turn.entry.sessionId, response.error, options.clientMessageId);
  }
}

/** True when the tutor still owes the opening question (or the recap of a resume). */
export function owesGreeting(state: EngineSessionState): boolean {
  return (
    state.status === 'in_progress' &&
    state.mode === 'recall' &&
    state.response === null &&
    state.greeting !== null &&
    !state.greeting.generated
  );
}

/** Streams the opening question or recap; its `assistant_streaming_start` is already stored. */
export async function streamGreeting(
  turn: Turn,
  options: { recallSet: RecallSet; responseId: string },
): Promise<void> {
  const state = turn.entry.state;
  const request = buildTutorRequest({
    recallSet: options.recallSet,
    state,
    task: state.greeting?.kind === 'recap' ? 'recap' : 'opening',
  });
  const response = await streamResponse(turn, {
    agent: 'tutor',
    responseId: options.responseId,
    ...request,
  });
  await completeResponse(turn, { responseId: options.responseId, agent: 'tutor', response });
}

/**
 * Closes responses left open by a writer that died (no live stream on this instance, and
 * older than `config.orphanedResponseMs`) as interrupted, so every response in the log ends.
 */
export async function closeOrphanedResponses(turn: Turn): Promise<void> {
  const { runtime } = turn;
  const orphans = turn.entry.state.openResponses.filter(
    (open) =>
      !runtime.liveResponses.has(open.responseId) &&
      runtime.clock() - open.startedAt >= runtime.config.orphanedResponseMs,
  );
  for (const open of orphans) {
    await completeResponse(turn, {
      responseId: open.responseId,
      agent: open.agent,
      response: {
        text: '',
        chunks: 0,
        usage: undefined,
        error: new RecallError('LLM_INTERRUPTED', 'The response was cut off: its writer stopped.'),
      },
      report: false,
    });
  }
}
