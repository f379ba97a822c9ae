import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { LLMOutputError, RecallError } from '../../errors/recall-error';
import type { LLMMessage } from '../llm-adapter';
import { type CheckedReply, repairOnce, validateWithSchema } from './repair-output';

const schema = z.object({ score: z.number() });
const first: LLMMessage[] = [{ role: 'user', content: 'Judge this.' }];
const usage = (inputTokens: number) => ({
  inputTokens,
  outputTokens: 1,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});

function check(output: string, inputTokens = 10): CheckedReply<{ score: number }> {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return { output, usage: usage(inputTokens), validation: { ok: false, problem: 'not JSON' } };
  }
  return { output, usage: usage(inputTokens), validation: validateWithSchema(value, schema) };
}

/** Replies in order, recording the conversation each request was sent. */
function replies(...outputs: (string | Error)[]) {
  const sent: (readonly LLMMessage[])[] = [];
  const attempt = async (messages: readonly LLMMessage[]) => {
    sent.push(messages);
    const next = outputs[sent.length - 1];
    if (next === undefined) throw new Error('asked once too often');
    if (next instanceof Error) throw next;
    return check(next, sent.length * 10);
  };
  return { sent, attempt };
}

const repairRequest = (problem: string) => `Fix it: ${problem}`;

describe('repairOnce', () => {
  it('returns a valid first reply without a second request', async () => {
    const { sent, attempt } = replies('{"score":3}');
    const result = await repairOnce({
      schemaName: 'verdict',
      messages: first,
      attempt,
      repairRequest,
    });
    expect(result).toEqual({ object: { score: 3 }, usage: usage(10) });
    expect(sent).toHaveLength(1);
  });

  it('repairs once, showing the model its output and the problem, and sums usage', async () => {
    const { sent, attempt } = replies('{"score":"high"}', '{"score":4}');
    const result = await repairOnce({
      schemaName: 'verdict',
      messages: first,
      attempt,
      repairRequest,
    });
    expect(result.object).toEqual({ score: 4 });
    expect(result.usage.inputTokens).toBe(30);
    expect(sent[1]?.slice(0, 2)).toEqual([
      ...first,
      { role: 'assistant', content: '{"score":"high"}' },
    ]);
    expect(sent[1]?.[2]?.content).toMatch(/^Fix it: schema violation: score: /);
  });

  it('fails on the second bad output with an LLMOutputError carrying the raw output', async () => {
    const { sent, attempt } = replies('', 'nope', '{"score":1}');
    const error = await repairOnce({
      schemaName: 'verdict',
      messages: first,
      attempt,
      repairRequest,
      repairName: 'repair attempt',
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LLMOutputError);
    expect((error as LLMOutputError).code).toBe('LLM_OUTPUT_INVALID');
    expect((error as LLMOutputError).message).toBe(
      'The verdict output stayed invalid after one repair attempt: not JSON',
    );
    expect((error as LLMOutputError).rawOutput).toBe('nope');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.[1]).toEqual({ role: 'assistant', content: '(no output)' });
  });

  it('counts garbled stream data as invalid output and names the default repair "retry"', async () => {
    const garbled = new LLMOutputError('garbled stream', '{"sco');
    const { attempt } = replies(garbled, garbled);
    const error = await repairOnce({
      schemaName: 'verdict',
      messages: first,
      attempt,
      repairRequest,
    }).catch((thrown: unknown) => thrown);
    expect((error as LLMOutputError).message).toBe(
      'The verdict output stayed invalid after one retry: garbled stream',
    );
    expect((error as LLMOutputError).rawOutput).toBe('{"sco');
  });

  it('ends at once on any other failure', async () => {
    const { sent, attempt } = replies(new RecallError('LLM_UNAVAILABLE', 'down'), '{"score":1}');
    await expect(
      repairOnce({ schemaName: 'verdict', messages: first, attempt, repairRequest }),
    ).rejects.toMatchObject({ code: 'LLM_UNAVAILABLE' });
    expect(sent).toHaveLength(1);
  });
});
