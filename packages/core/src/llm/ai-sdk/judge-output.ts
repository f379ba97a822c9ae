import * as z from 'zod';
import { RecallError } from '../../errors/recall-error';
import type { LLMMessage, LLMObjectResult } from '../llm-adapter';
import { type OutputValidation, repairOnce, validateWithSchema } from '../retry/repair-output';
import { extractJson } from './extract-json';
import type { GeneratedReply } from './generate-attempt';

/** Inputs of {@link generateJudgedObject}. */
export interface GenerateJudgedObjectOptions<T> {
  schema: z.ZodType<T>;
  schemaName: string;
  messages: readonly LLMMessage[];
  /** Sends one request (with Recall's retries) and returns its reply. */
  send: (messages: readonly LLMMessage[]) => Promise<GeneratedReply>;
}

const jsonSchemas = new WeakMap<z.ZodType, string>();

/** The JSON Schema of a zod schema, as compact text; computed once per schema object. */
export function jsonSchemaText(schema: z.ZodType): string {
  let text = jsonSchemas.get(schema);
  if (text === undefined) {
    try {
      text = JSON.stringify(z.toJSONSchema(schema, { io: 'output' }));
    } catch (error) {
      throw new RecallError(
        'LLM_BAD_REQUEST',
        `The output schema cannot be expressed as JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    jsonSchemas.set(schema, text);
  }
  return text;
}

/**
 * The repair-or-fail path of every judge: the reply is read as JSON (the whole text, a fenced
 * block or the first balanced object, so a provider without native structured output still
 * works) and validated with zod. Invalid output (not JSON, a schema violation, a cut-off reply)
 * gets one repair request that shows the model its output, what was wrong and the JSON
 * Schema; a second failure is an `LLMOutputError` carrying the raw output. A content filter
 * ends the call at once with `LLM_CONTENT_FILTERED`. Usage of every request is summed.
 */
export function generateJudgedObject<T>(
  options: GenerateJudgedObjectOptions<T>,
): Promise<LLMObjectResult<T>> {
  return repairOnce({
    schemaName: options.schemaName,
    messages: options.messages,
    attempt: async (messages) => {
      const reply = await options.send(messages);
      if (reply.finishReason === 'content-filter') {
        throw new RecallError(
          'LLM_CONTENT_FILTERED',
          `The provider's content filter blocked the ${options.schemaName} output.`,
        );
      }
      return {
        output: reply.text,
        usage: reply.usage,
        validation: validate(reply, options.schema),
      };
    },
    repairRequest: (problem) =>
      `Your ${options.schemaName} output was rejected: ${problem}. Reply again with only a JSON object that matches this JSON Schema, with no other text:\n${jsonSchemaText(options.schema)}`,
    repairName: 'repair attempt',
  });
}

function validate<T>(reply: GeneratedReply, schema: z.ZodType<T>): OutputValidation<T> {
  const found = extractJson(reply.text);
  if (found === undefined) {
    const truncated = reply.finishReason === 'length' ? ' (cut off at the output token limit)' : '';
    return { ok: false, problem: `the output is not valid JSON${truncated}` };
  }
  return validateWithSchema(found.value, schema);
}
