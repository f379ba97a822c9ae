import type { LLMAdapter, LLMCallOptions, LLMObjectOptions } from '@recall/core';
import type { LLMCallRecord } from '../metrics/transcript';

/** An adapter that passes every call through and records its kind and first-token latency. */
export function recordingLLM(
  inner: LLMAdapter,
  record: (call: LLMCallRecord) => void,
  clock: () => number = () => performance.now(),
): LLMAdapter {
  return {
    specificationVersion: 'recall-llm-v1',
    name: inner.name,
    async *streamText(options: LLMCallOptions) {
      const started = clock();
      let firstTokenMs: number | null = null;
      try {
        for await (const part of inner.streamText(options)) {
          if (firstTokenMs === null && part.type === 'text-delta' && part.text !== '') {
            firstTokenMs = clock() - started;
          }
          yield part;
        }
      } finally {
        record({ kind: options.kind, firstTokenMs: firstTokenMs ?? clock() - started });
      }
    },
    async generateObject<T>(options: LLMObjectOptions<T>) {
      try {
        return await inner.generateObject(options);
      } finally {
        record({ kind: options.kind, firstTokenMs: null });
      }
    },
  };
}
