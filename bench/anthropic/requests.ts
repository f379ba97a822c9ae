// The Anthropic benchmark's requests (anthropic.bench.ts): what each is for, the stand-in
// server's replies, and how much of a tutor prompt the cache can read.
import { ANTHROPIC_DEFAULT_TUTOR_MODEL } from '@recall/core/llm/anthropic';
import type { MessagesApiReply, RecordedMessagesRequest } from '@recall/core/testing';
import { type CallKind, commonPrefixLength, quietReply } from '../llm/measure';

const CACHE_MARK = ',"cache_control":{"type":"ephemeral"}';

export interface PrefixMeasure {
  /** Cacheable byte-identical prefix ÷ prompt bytes. */
  share: number;
  promptBytes: number;
  /** Uncached bytes between the previous breakpoint and the final message (last exchange). */
  exchangeBytes: number;
  /** The final, per-turn message (learner words plus the engine's session notes). */
  finalMessageBytes: number;
}

function schemaProperties(request: RecordedMessagesRequest): Record<string, unknown> | undefined {
  const config = request.body.output_config as
    | { format?: { schema?: { properties?: Record<string, unknown> } } }
    | undefined;
  return config?.format?.schema?.properties;
}

export function kindOf(request: RecordedMessagesRequest): CallKind {
  const properties = schemaProperties(request);
  if (properties === undefined)
    return request.body.model === ANTHROPIC_DEFAULT_TUTOR_MODEL ? 'tutor' : 'other';
  if ('isRabbithole' in properties) return 'detector';
  if ('points' in properties) return 'evaluator';
  return 'other';
}

/** The stand-in's answer: see {@link quietReply}. */
export function reply(request: RecordedMessagesRequest): MessagesApiReply {
  return quietReply(kindOf(request));
}

/**
 * Bytes of `current`'s prompt (model, system, messages) that repeat `previous` byte for byte
 * and lie before `previous`'s last cache breakpoint, i.e. could be read from the cache; and
 * where the rest goes.
 */
export function measurePrefix(previous: string, current: string): PrefixMeasure {
  const breakpoint = previous.lastIndexOf(CACHE_MARK);
  const promptEnd = current.indexOf(',"max_tokens"');
  const finalStart = current.lastIndexOf('{"role":"user"');
  const cached = breakpoint < 0 ? 0 : Math.min(commonPrefixLength(previous, current), breakpoint);
  return {
    share: cached / promptEnd,
    promptBytes: promptEnd,
    exchangeBytes: finalStart - cached,
    finalMessageBytes: promptEnd - finalStart,
  };
}
