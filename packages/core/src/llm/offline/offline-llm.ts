import { RecallError } from '../../errors/recall-error';
import {
  EMPTY_USAGE,
  type LLMAdapter,
  type LLMCallOptions,
  type LLMStreamPart,
} from '../llm-adapter';
import { detectOffline, evaluateOffline } from './offline-judges';
import { rabbitholeReplyOffline, tutorReplyOffline } from './offline-replies';

/** Options for {@link createOfflineLLM}. */
export interface OfflineLLMOptions {
  /** Pause between streamed words, for a realistic demo. @default 0 */
  chunkDelayMs?: number;
}

/**
 * The embedded default adapter: no key, no network, deterministic — and demo-grade. It
 * reads everything from the requests the engine sends (the `<session_notes>` of the tutor
 * turn, the `<points>` of judge requests, the resources in the rabbit-hole system prompt):
 *
 * - `tutor`: template Socratic questions and progressively narrower hints built from the
 *   focus point's context, never its content;
 * - `evaluator`: normalised, stemmed key-term coverage of each point's content (≥ 75 %
 *   recalled, ≥ 30 % near miss naming the missing terms);
 * - `detector`: a curious question whose terms are mostly outside the points;
 * - `rabbithole`: the resource sentences that best match the learner's words.
 *
 * Usage is reported as zero tokens (nothing is billed).
 *
 * @example
 * const engine = createRecallEngine({ storage: createMemoryStorage(), llm: createOfflineLLM() });
 */
export function createOfflineLLM(options: OfflineLLMOptions = {}): LLMAdapter {
  const chunkDelayMs = options.chunkDelayMs ?? 0;
  return {
    specificationVersion: 'recall-llm-v1',
    name: 'offline',
    async *streamText(call): AsyncIterable<LLMStreamPart> {
      const text = replyFor(call);
      const words = text.match(/\S+\s*/g) ?? [];
      for (const word of words) {
        if (chunkDelayMs > 0) await delay(chunkDelayMs, call.signal);
        throwIfAborted(call.signal);
        yield { type: 'text-delta', text: word };
      }
      yield { type: 'finish', text, finishReason: 'end_turn', usage: EMPTY_USAGE };
    },
    async generateObject(call) {
      throwIfAborted(call.signal);
      const content = call.messages.at(-1)?.content ?? '';
      let object: unknown;
      switch (call.kind) {
        case 'evaluator':
          object = evaluateOffline(content);
          break;
        case 'detector':
          object = detectOffline(content);
          break;
        default:
          throw new RecallError(
            'LLM_BAD_REQUEST',
            `The offline adapter cannot produce "${call.kind}" objects.`,
          );
      }
      return { object: call.schema.parse(object), usage: EMPTY_USAGE };
    },
  };
}

function replyFor(call: LLMCallOptions): string {
  switch (call.kind) {
    case 'tutor':
      return tutorReplyOffline(call.system, call.messages);
    case 'rabbithole':
      return rabbitholeReplyOffline(call.system, call.messages);
    default:
      throw new RecallError('LLM_BAD_REQUEST', `The offline adapter cannot stream "${call.kind}".`);
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RecallError('ABORTED', 'The offline call was cancelled.');
}

function delay(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new RecallError('ABORTED', 'The offline call was cancelled.'));
      },
      { once: true },
    );
  });
}
