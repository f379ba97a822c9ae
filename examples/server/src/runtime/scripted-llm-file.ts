import { RECALL_ERROR_CODES, RecallError, type RecallErrorCode } from '@recall/core';
import { createScriptedLLM, type ScriptedLLM, type ScriptedLLMScript } from '@recall/core/testing';
import * as z from 'zod';

const usageSchema = z
  .object({
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    cacheReadTokens: z.number().int().nonnegative(),
    cacheWriteTokens: z.number().int().nonnegative(),
  })
  .partial()
  .strict();

const errorSchema = z
  .object({
    code: z.string().refine((code) => code in RECALL_ERROR_CODES, 'not a Recall error code'),
    message: z.string(),
  })
  .strict();

const textReplySchema = z.union([
  z.string(),
  z
    .object({
      text: z.string(),
      chunks: z.array(z.string()),
      usage: usageSchema,
      finishReason: z.enum(['end_turn', 'max_tokens', 'stop_sequence', 'refusal', 'other']),
      latencyMs: z.number().nonnegative(),
      chunkDelayMs: z.number().nonnegative(),
      error: errorSchema,
      errorAfterChunks: z.number().int().nonnegative(),
    })
    .partial()
    .strict(),
]);

const objectReplySchema = z
  .object({
    object: z.unknown(),
    usage: usageSchema,
    latencyMs: z.number().nonnegative(),
    error: errorSchema,
  })
  .partial()
  .strict();

const kinds = ['tutor', 'rabbithole', 'evaluator', 'detector', 'transcript', 'terms'] as const;

/**
 * The `--llm scripted:FILE` format: a JSON `ScriptedLLMScript` (see `createScriptedLLM` in
 * `@recall/core/testing`). Each kind lists its replies in call order; a kind that runs out
 * falls back to the adapter's defaults (a numbered tutor reply, no recall, no tangent).
 * An `error` is `{ code, message }` with a Recall error code, thrown instead of answering.
 *
 * @example
 * { "tutor": ["Where does the first stage happen?"],
 *   "detector": [{ "object": { "isRabbithole": true, "topic": "…", "label": "…",
 *                  "relatedPointIds": [], "certainty": 0.9, "reasoning": "…" } }],
 *   "evaluator": [{ "object": { "points": [{ "pointId": "p1", "recalled": true, "nearMiss": false,
 *                  "missing": "", "certainty": 0.9, "attempted": true, "evidence": "thylakoid" }] } }] }
 */
const scriptFileSchema = z
  .object({
    $comment: z.string(),
    tutor: z.array(textReplySchema),
    rabbithole: z.array(textReplySchema),
    evaluator: z.array(objectReplySchema),
    detector: z.array(objectReplySchema),
    transcript: z.array(objectReplySchema),
    terms: z.array(objectReplySchema),
    latencyMs: z.union([z.number().nonnegative(), z.partialRecord(z.enum(kinds), z.number())]),
    chunkDelayMs: z.number().nonnegative(),
    usage: usageSchema,
  })
  .partial()
  .strict();

/** Parses a script file's text and builds the scripted adapter. Throws with the file named. */
export function createScriptedLLMFromJson(text: string, options: { file: string }): ScriptedLLM {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${options.file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = scriptFileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || '(top level)'}`;
    throw new Error(`${options.file} is not a valid script${where}: ${issue?.message ?? ''}`);
  }
  const { $comment: _comment, ...script } = parsed.data;
  // Parsed JSON has no `undefined` values, so the validated data is a script as it stands,
  // except that errors arrive as `{ code, message }` and must become RecallErrors.
  for (const kind of kinds) {
    const replies = script[kind];
    if (replies !== undefined) script[kind] = replies.map(withRecallError) as never;
  }
  return createScriptedLLM(script as ScriptedLLMScript);
}

function withRecallError<T>(reply: T): T {
  if (typeof reply !== 'object' || reply === null || !('error' in reply)) return reply;
  const error = reply.error as z.infer<typeof errorSchema>;
  return { ...reply, error: new RecallError(error.code as RecallErrorCode, error.message) };
}
