// The benchmark's scripted model and workload shape, shared by the Recall server, the bare
// `ws` baseline and the load generator, so all three use the same numbers.
import type { LLMAdapter, LLMObjectResult } from '@recall/core';

/** The model reports no token usage. */
const NO_USAGE = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});

/** Time to the first chunk of every model call (judges answer after it too). */
export const MODEL_LATENCY_MS = 50;
/** Chunks per reply, and the gap between two of them. */
export const CHUNKS = 20;
export const CHUNK_GAP_MS = 5;
/** A learner waits THINK_MS ± THINK_JITTER_MS after a reply ends before sending again. */
export const THINK_MS = 2_000;
export const THINK_JITTER_MS = 500;
/** How long one reply takes the model: the latency, then the chunks. */
export const MODEL_TURN_MS = MODEL_LATENCY_MS + (CHUNKS - 1) * CHUNK_GAP_MS;
/** The recall set every learner studies. */
export const RECALL_SET_ID = 'scale-bench';

const WORDS = 'Which enzyme turns ADP and phosphate into ATP, and where in the cell does it sit'
  .split(' ')
  .slice(0, CHUNKS);

/** The chunks of every reply: twenty short words. */
export const REPLY_CHUNKS: readonly string[] = Array.from(
  { length: CHUNKS },
  (_, index) => `${WORDS[index % WORDS.length]}${index === CHUNKS - 1 ? '?' : ' '}`,
);

function sleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A model that answers every text call after {@link MODEL_LATENCY_MS} with {@link CHUNKS}
 * chunks {@link CHUNK_GAP_MS} apart, finds nothing to credit and no tangent. It records
 * nothing, so the server's memory is Recall's own.
 */
export function createBenchModel(): LLMAdapter {
  return {
    specificationVersion: 'recall-llm-v1',
    name: 'scale-bench',
    async *streamText(options) {
      await sleep(MODEL_LATENCY_MS, options.signal);
      for (let index = 0; index < REPLY_CHUNKS.length; index += 1) {
        if (index > 0) await sleep(CHUNK_GAP_MS, options.signal);
        yield { type: 'text-delta', text: REPLY_CHUNKS[index]! };
      }
      yield {
        type: 'finish',
        text: REPLY_CHUNKS.join(''),
        finishReason: 'end_turn',
        usage: NO_USAGE,
      };
    },
    async generateObject<T>(options: Parameters<LLMAdapter['generateObject']>[0]) {
      await sleep(MODEL_LATENCY_MS, options.signal);
      const object =
        options.kind === 'evaluator'
          ? { points: [] }
          : {
              isRabbithole: false,
              topic: '',
              label: '',
              relatedPointIds: [],
              certainty: 0.1,
              reasoning: 'No tangent.',
            };
      return { object: options.schema.parse(object), usage: NO_USAGE } as LLMObjectResult<T>;
    },
  };
}
