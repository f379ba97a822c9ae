import type * as z from 'zod';
import type { TokenUsage } from '../events/catalog';
import type { LLMMessage } from '../model/conversation';

/**
 * What a model call is for. The adapter maps it to a model id: `tutor` and `rabbithole`
 * to the conversational model, the rest to the cheaper judge model.
 */
export type LLMCallKind =
  | 'tutor'
  | 'rabbithole'
  | 'evaluator'
  | 'detector'
  | 'transcript'
  | 'terms';

export type { LLMMessage } from '../model/conversation';

/**
 * Fields every call carries. Each call is self-contained: adapters keep no per-session
 * state, so concurrent sessions and agents can never see each other's prompts.
 *
 * Prompt caching contract: `system` and every message except the last are the stable
 * prefix (byte-identical from one turn to the next); the last message is the per-turn part.
 * Adapters place their cache breakpoints accordingly.
 */
export interface LLMCallOptions {
  kind: LLMCallKind;
  system: string;
  /** Alternating turns, starting and ending with `user`. */
  messages: readonly LLMMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  /**
   * The learner the call serves (absent: the anonymous learner), so a spend guard
   * (`withSpendGuard`) can count its cost against their budget. Adapters need not read it.
   */
  userId?: string;
}

/** Why the model stopped. Provider vocabularies map onto this in one switch. */
export type LLMFinishReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'other';

/** One piece of a streamed text response. */
export type LLMStreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'finish'; text: string; finishReason: LLMFinishReason; usage: TokenUsage };

/** Options for {@link LLMAdapter.generateObject}. */
export interface LLMObjectOptions<T> extends LLMCallOptions {
  /** The output must validate against this schema. */
  schema: z.ZodType<T>;
  /** A short identifier for the schema (tool or format name). */
  schemaName: string;
}

/** A validated structured result. */
export interface LLMObjectResult<T> {
  object: T;
  usage: TokenUsage;
}

/**
 * A stateless model adapter. Errors are `RecallError`s with `LLM_*` codes
 * (`LLMOutputError` for output that stays invalid after one retry).
 */
export interface LLMAdapter {
  readonly specificationVersion: 'recall-llm-v1';
  /** Human-readable name, e.g. `anthropic` or `offline`. */
  readonly name: string;
  /**
   * Streams a text reply: zero or more `text-delta` parts, then exactly one `finish`.
   * Aborting `signal` stops the underlying request.
   */
  streamText(options: LLMCallOptions): AsyncIterable<LLMStreamPart>;
  /** Produces one object that validates against `options.schema`. */
  generateObject<T>(options: LLMObjectOptions<T>): Promise<LLMObjectResult<T>>;
}

export { EMPTY_USAGE, addUsage } from '../model/usage';
