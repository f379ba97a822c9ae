// The "repair once, then fail" loop of structured model output, written once for every
// adapter. Provider-neutral: the adapters read and judge their own replies.
import type * as z from 'zod';
import type { TokenUsage } from '../../events/catalog';
import { LLMOutputError } from '../../errors/recall-error';
import { formatZodIssues } from '../../internal/format-zod-issues';
import { addUsage, EMPTY_USAGE, type LLMMessage, type LLMObjectResult } from '../llm-adapter';

/** Whether a reply holds a valid object, and if not, what was wrong in words the model reads. */
export type OutputValidation<T> = { ok: true; object: T } | { ok: false; problem: string };

/** One reply as the repair loop sees it: its raw text, what it cost, and its validation. */
export interface CheckedReply<T> {
  /** The raw output (text or tool input JSON), shown back to the model on a repair. */
  output: string;
  usage: TokenUsage;
  validation: OutputValidation<T>;
}

/** Inputs of {@link repairOnce}. */
export interface RepairOnceOptions<T> {
  /** The schema's name, used in the repair request and in the final error. */
  schemaName: string;
  /** The conversation of the first request; a repair request appends to it. */
  messages: readonly LLMMessage[];
  /**
   * Sends one request and checks its reply. An `LLMOutputError` thrown here (garbled stream
   * data) counts as invalid output; any other error ends the call at once.
   */
  attempt: (messages: readonly LLMMessage[]) => Promise<CheckedReply<T>>;
  /** The text of the user message that asks for a repair, given what was wrong. */
  repairRequest: (problem: string) => string;
  /**
   * How the final error names the second request ("… stayed invalid after one `retry`").
   * @default 'retry'
   */
  repairName?: string;
}

/**
 * Asks for an object at most twice. Invalid output gets one repair request that shows the model
 * its output and what was wrong; a second failure is an `LLMOutputError` carrying the raw
 * output. Usage of every request that returned is summed.
 */
export async function repairOnce<T>(options: RepairOnceOptions<T>): Promise<LLMObjectResult<T>> {
  let usage = EMPTY_USAGE;
  let messages = options.messages;
  let rawOutput = '';
  let problem = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    let reply: CheckedReply<T>;
    try {
      reply = await options.attempt(messages);
    } catch (error) {
      // Garbled stream data is invalid output too; transport failures are not.
      if (!(error instanceof LLMOutputError)) throw error;
      rawOutput = error.rawOutput;
      problem = error.message;
      continue;
    }
    usage = addUsage(usage, reply.usage);
    if (reply.validation.ok) return { object: reply.validation.object, usage };
    rawOutput = reply.output;
    problem = reply.validation.problem;
    messages = [
      ...options.messages,
      { role: 'assistant', content: reply.output || '(no output)' },
      { role: 'user', content: options.repairRequest(problem) },
    ];
  }
  throw new LLMOutputError(
    `The ${options.schemaName} output stayed invalid after one ${options.repairName ?? 'retry'}: ${problem}`,
    rawOutput,
  );
}

/** Validates a parsed value with zod, naming the first issues on failure. */
export function validateWithSchema<T>(value: unknown, schema: z.ZodType<T>): OutputValidation<T> {
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, object: result.data }
    : { ok: false, problem: `schema violation: ${formatZodIssues(result.error)}` };
}
