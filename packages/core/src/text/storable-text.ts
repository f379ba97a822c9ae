// Text every storage can hold. PostgreSQL (and PGlite) reject U+0000 in `text` and `jsonb`,
// and `jsonb` rejects an unpaired surrogate escape; the in-memory storage would take both. So
// the engine refuses such input from learners and cleans what models and recall sets bring.
import type { LLMAdapter, LLMCallOptions, LLMStreamPart } from '../llm/llm-adapter';

/** Code points that render as nothing: whitespace, controls and default-ignorable marks. */
const INVISIBLE = /^[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]*$/u;

/** Why {@link findUnstorableText} refused a string. */
export type UnstorableReason = 'nul' | 'unpaired-surrogate';

/**
 * The first reason `text` cannot be stored the same way on every storage: a NUL character
 * (U+0000) or an unpaired UTF-16 surrogate. `null` when the text is storable.
 */
export function findUnstorableText(text: string): UnstorableReason | null {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return 'nul';
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      index += 1;
      continue;
    }
    return 'unpaired-surrogate';
  }
  return null;
}

/**
 * Whether `text` can be stored on every storage: no NUL character and no unpaired surrogate.
 *
 * @example
 * isStorableText('ATP'); // true
 * isStorableText('A\u0000TP'); // false
 */
export function isStorableText(text: string): boolean {
  return findUnstorableText(text) === null;
}

/**
 * Whether `text` shows nothing: only whitespace, control characters and invisible marks
 * (U+200B zero-width space, U+FEFF, U+2060 word joiner, soft hyphens, …).
 */
export function isBlankText(text: string): boolean {
  return INVISIBLE.test(text);
}

/** Whether `text` shows something: the opposite of {@link isBlankText}. */
export function isVisibleText(text: string): boolean {
  return !INVISIBLE.test(text);
}

/**
 * `text` made storable: NUL characters removed, unpaired surrogates replaced by U+FFFD.
 * Returns `text` itself when there is nothing to clean.
 */
export function toStorableText(text: string): string {
  if (findUnstorableText(text) === null) return text;
  let cleaned = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0) continue;
    if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      cleaned += text.slice(index, index + 2);
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      cleaned += '\ufffd';
    } else {
      cleaned += text[index];
    }
  }
  return cleaned;
}

/**
 * `value` with every string in it made storable ({@link toStorableText}): plain objects and
 * arrays are copied only where something changed; other values are returned as they are.
 */
export function toStorableValue<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item) => toStorableValue(item));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const cleaned = toStorableValue(field);
    if (cleaned === field) continue;
    copy ??= { ...value };
    copy[key] = cleaned;
  }
  return (copy ?? value) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

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
