import { toStorableText, toStorableValue } from '../text/storable-text';
import type { LLMAdapter, LLMCallOptions, LLMStreamPart } from './llm-adapter';

/**
 * `llm` with its output made storable before the engine sees it: NUL characters dropped and
 * unpaired surrogates replaced (see `toStorableText`), in streamed text and in every string of
 * a generated object. A surrogate pair split across two deltas is joined, not replaced.
 */
export function withStorableOutput(llm: LLMAdapter): LLMAdapter {
  return {
    specificationVersion: llm.specificationVersion,
    name: llm.name,
    streamText: (options) => storableStream(llm, options),
    async generateObject(options) {
      const result = await llm.generateObject(options);
      return { ...result, object: toStorableValue(result.object) };
    },
  };
}

function storableStream(llm: LLMAdapter, options: LLMCallOptions): AsyncIterable<LLMStreamPart> {
  return {
    [Symbol.asyncIterator]() {
      const parts = llm.streamText(options)[Symbol.asyncIterator]();
      // A high surrogate at the end of a delta waits for the low one at the start of the next.
      let held = '';
      // The finish part, when a held surrogate had to be sent before it.
      let pendingFinish: LLMStreamPart | null = null;
      // Each step adds one promise hop, no more: the engine races stream and judges.
      const step = (): Promise<IteratorResult<LLMStreamPart>> =>
        parts.next().then((result) => {
          if (result.done === true) return result;
          const part = result.value;
          if (part.type === 'finish') {
            if (held === '')
              return { done: false, value: { ...part, text: toStorableText(part.text) } };
            const value = { type: 'text-delta' as const, text: toStorableText(held) };
            held = '';
            pendingFinish = { ...part, text: toStorableText(part.text) };
            return { done: false, value };
          }
          let text = held + part.text;
          held = '';
          const last = text.charCodeAt(text.length - 1);
          if (last >= 0xd800 && last <= 0xdbff) {
            held = text.slice(-1);
            text = text.slice(0, -1);
          }
          const cleaned = toStorableText(text);
          if (cleaned === '') return step();
          // Most deltas need nothing: passed on as they came, without a copy per chunk.
          return { done: false, value: cleaned === part.text ? part : { ...part, text: cleaned } };
        });
      return {
        next() {
          if (pendingFinish !== null) {
            const value = pendingFinish;
            pendingFinish = null;
            return Promise.resolve({ done: false, value });
          }
          return step();
        },
        return(value?: unknown) {
          return parts.return?.(value) ?? Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
}
