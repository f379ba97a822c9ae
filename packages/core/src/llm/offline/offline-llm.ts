import { RecallError } from '../../errors/recall-error';
import { assertNever } from '../../internal/assert-never';
import {
  EMPTY_USAGE,
  type LLMAdapter,
  type LLMCallKind,
  type LLMCallOptions,
  type LLMStreamPart,
} from '../llm-adapter';
import { detectOffline } from './offline-detector';
import { evaluateOffline } from './offline-evaluator';
import { rabbitholeReplyOffline } from './offline-replies';
import { tutorReplyOffline } from './offline-tutor';
import { extractTermsOffline } from './offline-terms';
import { cleanTranscriptOffline } from './offline-transcript';
import { useWordTable } from './word-match';
import { loadWordTable } from './wordnet/load-word-table';

/** Options for {@link createOfflineLLM}. */
export interface OfflineLLMOptions {
  /** Pause between streamed words, for a realistic demo. @default 0 */
  chunkDelayMs?: number;
  /**
   * The English word knowledge the judge uses for synonyms, derived forms, broader and
   * narrower terms and antonyms: `'wordnet'` loads the table distilled from Princeton WordNet
   * on the first call (a lazily imported module of ≈ 1.95 MB, fetched on demand in browsers,
   * falling back to the word lists if it cannot load); `'word-lists'` keeps to the small
   * built-in lists.
   * @default 'wordnet'
   */
  lexicon?: 'wordnet' | 'word-lists';
}

/**
 * The embedded default adapter: no key, no network, deterministic — and demo-grade. It
 * reads everything from the requests it is sent (the labelled points of the tutor's system
 * prompt and the `<session_notes>` of its user turn, the `<points>` of judge requests, the
 * resources and notes of rabbit-hole requests, the voice pipeline's messages):
 *
 * - `tutor`: template Socratic questions, broad to narrow: a cue naming one key term of the
 *   focus point (at most a third; never its context), a question about the missing aspect
 *   after a near miss, from the second miss a partial answer showing at most half the key
 *   terms, and at the third the point named next (the
 *   engine's probe wrap); varied wording, never the same reply twice in a row;
 * - `evaluator`: normalised, stemmed key-term coverage of each point's content, weighted by
 *   how specific each term is to the point (≥ 75 % recalled; a near miss needs a real share
 *   of the point's own terms, and names the missing *aspect*, never the missing words);
 * - `detector`: a curious question whose terms are mostly outside the points;
 * - `rabbithole`: the sentences of free or unlocked resources that best match the learner's
 *   words, never one stating a point still to recall; with none, an honest, curious question;
 * - `terms`: the distinctive words and two-word phrases of the points' content;
 * - `transcript`: typed text unchanged; spoken text with near misses of listed terms
 *   replaced (no notation is written).
 *
 * Usage is reported as zero tokens (nothing is billed).
 *
 * @example
 * const engine = createRecallEngine({ storage: createMemoryStorage(), llm: createOfflineLLM() });
 */
export function createOfflineLLM(options: OfflineLLMOptions = {}): LLMAdapter {
  const chunkDelayMs = options.chunkDelayMs ?? 0;
  const lexiconReady = () => prepareLexicon(options.lexicon ?? 'wordnet');
  return {
    specificationVersion: 'recall-llm-v1',
    name: 'offline',
    async *streamText(call): AsyncIterable<LLMStreamPart> {
      await lexiconReady();
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
      await lexiconReady();
      throwIfAborted(call.signal);
      const content = call.messages.at(-1)?.content ?? '';
      return { object: call.schema.parse(objectFor(call.kind, content)), usage: EMPTY_USAGE };
    },
  };
}

async function prepareLexicon(lexicon: 'wordnet' | 'word-lists'): Promise<void> {
  useWordTable(lexicon === 'wordnet' ? await loadWordTable() : null);
}

function replyFor(call: LLMCallOptions): string {
  switch (call.kind) {
    case 'tutor':
      return tutorReplyOffline(call.system, call.messages);
    case 'rabbithole':
      return rabbitholeReplyOffline(call.system, call.messages);
    case 'evaluator':
    case 'detector':
    case 'transcript':
    case 'terms':
      throw new RecallError('LLM_BAD_REQUEST', `The offline adapter cannot stream "${call.kind}".`);
    default:
      return assertNever(call.kind, 'LLM call kind');
  }
}

/** The unvalidated object for a structured call, from its last user message. */
function objectFor(kind: LLMCallKind, content: string): unknown {
  switch (kind) {
    case 'evaluator':
      return evaluateOffline(content);
    case 'detector':
      return detectOffline(content);
    case 'transcript':
      return cleanTranscriptOffline(content);
    case 'terms':
      return extractTermsOffline(content);
    case 'tutor':
    case 'rabbithole':
      throw new RecallError(
        'LLM_BAD_REQUEST',
        `The offline adapter cannot produce "${kind}" objects.`,
      );
    default:
      return assertNever(kind, 'LLM call kind');
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RecallError('ABORTED', 'The offline call was cancelled.');
}

function delay(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new RecallError('ABORTED', 'The offline call was cancelled.'));
      return;
    }
    // The listener goes when the pause ends: one per chunk left behind would pile up on the
    // turn's signal (a `MaxListenersExceededWarning` on every reply longer than ten words).
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RecallError('ABORTED', 'The offline call was cancelled.'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
