import type Anthropic from '@anthropic-ai/sdk';
import type * as z from 'zod';
import type { TokenUsage } from '../../events/catalog';
import { RecallError } from '../../errors/recall-error';
import type { LLMMessage, LLMObjectResult } from '../llm-adapter';
import { type OutputValidation, repairOnce, validateWithSchema } from '../retry/repair-output';
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
export function generateValidatedObject<T>(
  options: GenerateValidatedObjectOptions<T>,
): Promise<LLMObjectResult<T>> {
  return repairOnce({
    schemaName: options.schemaName,
    messages: options.messages,
    attempt: async (messages) => {
      const message = await collectMessage(options.send(messages));
      return {
        output: message.output,
        usage: message.usage,
        validation: validate(message, options.schema),
      };
    },
    repairRequest: (problem) =>
      `Your ${options.schemaName} output was rejected: ${problem}. Reply again with only JSON that matches the schema.`,
  });
}

function validate<T>(message: CollectedMessage, schema: z.ZodType<T>): OutputValidation<T> {
  if (message.stopReason === 'refusal') return { ok: false, problem: 'the model refused' };
  let value: unknown;
  try {
    value = JSON.parse(message.output);
  } catch {
    const truncated = message.stopReason === 'max_tokens' ? ' (cut off at max_tokens)' : '';
    return { ok: false, problem: `the output is not valid JSON${truncated}` };
  }
  return validateWithSchema(value, schema);
}
