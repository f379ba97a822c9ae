import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { createScriptedLLM } from '../testing/scripted-llm';
import type { LLMStreamPart } from '../llm/llm-adapter';
import { withStorableOutput } from './storable-text';

const call = {
  kind: 'tutor',
  system: 'system',
  messages: [{ role: 'user', content: 'hi' }],
} as const;

async function collect(parts: AsyncIterable<LLMStreamPart>): Promise<LLMStreamPart[]> {
  const collected: LLMStreamPart[] = [];
  for await (const part of parts) collected.push(part);
  return collected;
}

describe('withStorableOutput', () => {
  test('streamed text loses NUL and lone surrogates; a pair split across deltas survives', async () => {
    const llm = withStorableOutput(
      createScriptedLLM({
        tutor: [{ chunks: ['a\u0000', '\u0000', 'b \ud83e', '\udde0 c \udc00', 'd \ud800'] }],
      }),
    );
    const parts = await collect(llm.streamText(call));
    const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : []));
    expect(deltas.join('')).toBe('ab 🧠 c \ufffdd \ufffd');
    expect(deltas.every((text) => text !== '')).toBe(true);
    const finish = parts.at(-1);
    expect(finish?.type).toBe('finish');
  });

  test('every string of a generated object is cleaned', async () => {
    const schema = z.object({ topic: z.string(), notes: z.array(z.string()) });
    const llm = withStorableOutput(
      createScriptedLLM({
        detector: [{ object: { topic: 'Leaves\u0000', notes: ['ok', 'lone \udfff'] } }],
      }),
    );
    const result = await llm.generateObject({
      ...call,
      kind: 'detector',
      schema,
      schemaName: 'detection',
    });
    expect(result.object).toEqual({ topic: 'Leaves', notes: ['ok', 'lone \ufffd'] });
  });
});
