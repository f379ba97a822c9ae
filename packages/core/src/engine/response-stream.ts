import { RecallError, toRecallError } from '../errors/recall-error';
import type { TokenUsage } from '../events/catalog';
import type { Agent } from '../events/catalog';
import type { LLMMessage } from '../llm/llm-adapter';
import { emitDelta } from './runtime';
import type { Turn } from './turn';

/** What a streamed response produced. */
export interface StreamedResponse {
  text: string;
  chunks: number;
  usage: TokenUsage | undefined;
  /** Set when the stream failed or was aborted; `text` is then partial. */
  error: RecallError | undefined;
}

/** Options for {@link streamResponse}. */
export interface StreamResponseOptions {
  agent: Agent;
  responseId: string;
  system: string;
  messages: LLMMessage[];
}

/**
 * Streams one assistant response, forwarding every text delta as it arrives (to in-process
 * listeners and subscribers). Never throws: a failure is returned with the partial text.
 */
export async function streamResponse(
  turn: Turn,
  options: StreamResponseOptions,
): Promise<StreamedResponse> {
  const { runtime, entry } = turn;
  const live = { sessionId: entry.sessionId, text: '', lastIndex: -1 };
  runtime.liveResponses.set(options.responseId, live);
  let usage: TokenUsage | undefined;
  let finished = false;
  try {
    const settings = runtime.config.calls[options.agent];
    const stream = runtime.llm.streamText({
      kind: options.agent,
      system: options.system,
      messages: options.messages,
      maxOutputTokens: settings.maxOutputTokens,
      temperature: settings.temperature,
      signal: turn.signal,
      ...callerOf(turn),
    });
    for await (const part of stream) {
      if (part.type === 'text-delta') {
        if (part.text === '') continue;
        live.text += part.text;
        live.lastIndex += 1;
        emitDelta(runtime, {
          sessionId: entry.sessionId,
          responseId: options.responseId,
          index: live.lastIndex,
          text: part.text,
        });
      } else {
        usage = part.usage;
        finished = true;
      }
    }
    if (!finished) {
      throw new RecallError('LLM_INTERRUPTED', 'The response stream ended without finishing.');
    }
    return { text: live.text, chunks: live.lastIndex + 1, usage, error: undefined };
  } catch (error) {
    return { text: live.text, chunks: live.lastIndex + 1, usage, error: toRecallError(error) };
  }
}

/** The learner a turn's model calls serve, for the spend guard. */
export function callerOf(turn: Turn): { userId?: string } {
  const { userId } = turn.entry.state;
  return userId === null ? {} : { userId };
}

/** Forgets a response's live text once its `assistant_streaming_end` is stored. */
export function releaseLiveResponse(turn: Turn, responseId: string): void {
  turn.runtime.liveResponses.delete(responseId);
}
