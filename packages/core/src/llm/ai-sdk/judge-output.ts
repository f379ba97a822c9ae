import * as z from 'zod';
import { LLMOutputError, RecallError } from '../../errors/recall-error';
import { formatZodIssues } from '../../internal/format-zod-issues';
import { addUsage, EMPTY_USAGE, type LLMMessage, type LLMObjectResult } from '../llm-adapter';
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

type Validation<T> = { ok: true; object: T } | { ok: false; problem: string };

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
export async function generateJudgedObject<T>(
  options: GenerateJudgedObjectOptions<T>,
): Promise<LLMObjectResult<T>> {
  let usage = EMPTY_USAGE;
  let messages = options.messages;
  let rawOutput = '';
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    let reply: GeneratedReply;
    try {
      reply = await options.send(messages);
    } catch (error) {
      // Garbled stream data is invalid output too; transport failures are not.
      if (!(error instanceof LLMOutputError)) throw error;
      rawOutput = error.rawOutput;
      problem = error.message;
      continue;
    }
    usage = addUsage(usage, reply.usage);
    if (reply.finishReason === 'content-filter') {
      throw new RecallError(
        'LLM_CONTENT_FILTERED',
        `The provider's content filter blocked the ${options.schemaName} output.`,
      );
    }
    const validation = validate(reply, options.schema);
    if (validation.ok) return { object: validation.object, usage };
    rawOutput = reply.text;
    problem = validation.problem;
    messages = [
      ...options.messages,
      { role: 'assistant', content: reply.text || '(no output)' },
      {
        role: 'user',
        content: `Your ${options.schemaName} output was rejected: ${problem}. Reply again with only a JSON object that matches this JSON Schema, with no other text:\n${jsonSchemaText(options.schema)}`,
      },
    ];
  }
  throw new LLMOutputError(
    `The ${options.schemaName} output stayed invalid after one repair attempt: ${problem}`,
    rawOutput,
  );
}

function validate<T>(reply: GeneratedReply, schema: z.ZodType<T>): Validation<T> {
  const found = extractJson(reply.text);
  if (found === undefined) {
    const truncated = reply.finishReason === 'length' ? ' (cut off at the output token limit)' : '';
    return { ok: false, problem: `the output is not valid JSON${truncated}` };
  }
  const result = schema.safeParse(found.value);
  return result.success
    ? { ok: true, object: result.data }
    : { ok: false, problem: `schema violation: ${formatZodIssues(result.error)}` };
}
