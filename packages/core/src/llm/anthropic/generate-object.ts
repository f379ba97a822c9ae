import type Anthropic from '@anthropic-ai/sdk';
import type * as z from 'zod';
import type { TokenUsage } from '../../events/catalog';
import { LLMOutputError, RecallError } from '../../errors/recall-error';
import { formatZodIssues } from '../../internal/format-zod-issues';
import { addUsage, EMPTY_USAGE, type LLMMessage, type LLMObjectResult } from '../llm-adapter';
import type { AnthropicSdk } from './load-sdk';
import type { MessageStreamPart } from './stream-message';

/** A finished message: its text (or tool input JSON), stop reason and usage. */
export interface CollectedMessage {
  output: string;
  stopReason: Anthropic.StopReason | null;
  usage: TokenUsage;
}

/** Inputs of {@link generateValidatedObject}. */
export interface GenerateValidatedObjectOptions<T> {
  schema: z.ZodType<T>;
  schemaName: string;
  messages: readonly LLMMessage[];
  /** Sends one request with these messages and streams its parts. */
  send: (messages: readonly LLMMessage[]) => AsyncIterable<MessageStreamPart>;
}

type Validation<T> = { ok: true; object: T } | { ok: false; problem: string };

const outputFormats = new WeakMap<z.ZodType, Anthropic.JSONOutputFormat>();

/**
 * The structured-output format for a zod schema: its JSON schema, reduced by the SDK to what
 * the API's constrained decoding supports. Computed once per schema object.
 */
export function outputFormatFor(
  schema: z.ZodType,
  zodOutputFormat: AnthropicSdk['zodOutputFormat'],
): Anthropic.JSONOutputFormat {
  let format = outputFormats.get(schema);
  if (format === undefined) {
    try {
      const { type, schema: jsonSchema } = zodOutputFormat(schema);
      format = { type, schema: jsonSchema };
    } catch (error) {
      throw new RecallError(
        'LLM_BAD_REQUEST',
        `The output schema cannot be expressed as JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    outputFormats.set(schema, format);
  }
  return format;
}

/** Reads a message to its end. */
export async function collectMessage(
  parts: AsyncIterable<MessageStreamPart>,
): Promise<CollectedMessage> {
  let output = '';
  for await (const part of parts) {
    switch (part.type) {
      case 'text-delta':
        output += part.text;
        break;
      case 'json-delta':
        output += part.json;
        break;
      case 'finish':
        return { output, stopReason: part.stopReason, usage: part.usage };
    }
  }
  throw new RecallError('LLM_UNAVAILABLE', 'The message ended without a result.');
}

/**
 * Asks for an object and validates it with zod. Invalid output (malformed JSON, a schema
 * violation, a refusal or truncation) is retried once, showing the model what was wrong;
 * a second failure is an `LLMOutputError` carrying the raw output.
 */
export async function generateValidatedObject<T>(
  options: GenerateValidatedObjectOptions<T>,
): Promise<LLMObjectResult<T>> {
  let usage = EMPTY_USAGE;
  let messages = options.messages;
  let rawOutput = '';
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    let message: CollectedMessage;
    try {
      message = await collectMessage(options.send(messages));
    } catch (error) {
      // Garbled stream data is invalid output too; transport failures are not.
      if (!(error instanceof LLMOutputError)) throw error;
      rawOutput = error.rawOutput;
      problem = error.message;
      continue;
    }
    usage = addUsage(usage, message.usage);
    const validation = validate(message, options.schema);
    if (validation.ok) return { object: validation.object, usage };
    rawOutput = message.output;
    problem = validation.problem;
    messages = [
      ...options.messages,
      { role: 'assistant', content: message.output || '(no output)' },
      {
        role: 'user',
        content: `Your ${options.schemaName} output was rejected: ${problem}. Reply again with only JSON that matches the schema.`,
      },
    ];
  }
  throw new LLMOutputError(
    `The ${options.schemaName} output stayed invalid after one retry: ${problem}`,
    rawOutput,
  );
}

function validate<T>(message: CollectedMessage, schema: z.ZodType<T>): Validation<T> {
  if (message.stopReason === 'refusal') return { ok: false, problem: 'the model refused' };
  let value: unknown;
  try {
    value = JSON.parse(message.output);
  } catch {
    const truncated = message.stopReason === 'max_tokens' ? ' (cut off at max_tokens)' : '';
    return { ok: false, problem: `the output is not valid JSON${truncated}` };
  }
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, object: result.data }
    : { ok: false, problem: `schema violation: ${formatZodIssues(result.error)}` };
}
