import type { LLMMessage } from '@recall/core';
import { describe, expect, test } from 'vitest';
import { drain, testLLM, useMessagesApi } from './use-messages-api';

const api = useMessagesApi();
const SYSTEM = `You are a patient tutor. Recall set: photosynthesis.\n${'Context line.\n'.repeat(50)}`;
const CACHE_MARK = ',"cache_control":{"type":"ephemeral"}';

interface SentMessage {
  role: string;
  content: { type: string; text: string; cache_control?: unknown }[];
}

/** The conversation after `turns` full turns, plus the per-turn message the engine adds last. */
function conversation(turns: number): LLMMessage[] {
  const messages: LLMMessage[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    messages.push({
      role: 'user',
      content: `Learner answer ${turn}: ${'detail '.repeat(turn * 3)}`,
    });
    if (turn < turns)
      messages.push({ role: 'assistant', content: `Tutor reply ${turn}. Tell me more?` });
  }
  // The per-turn part (e.g. the points still unchecked) changes every turn and comes last.
  const last = messages.pop()!;
  messages.push({ ...last, content: `${last.content}\n[Unchecked points: ${turns}]` });
  return messages;
}

/** Where the last message-level breakpoint of a request body begins (end of the stable part). */
function breakpointOffset(rawBody: string): number {
  const offset = rawBody.lastIndexOf(CACHE_MARK);
  expect(offset).toBeGreaterThan(0);
  return offset;
}

function commonPrefixLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

describe('prompt caching', () => {
  test('consecutive tutor requests share leading bytes up to the previous cache breakpoint', async () => {
    const mock = api.mock();
    const llm = testLLM();
    for (const turns of [2, 3, 4, 5]) {
      await drain(llm.streamText({ kind: 'tutor', system: SYSTEM, messages: conversation(turns) }));
    }
    const bodies = mock.requests.map((request) => request.rawBody);
    expect(bodies).toHaveLength(4);
    for (let index = 1; index < bodies.length; index++) {
      const previous = bodies[index - 1]!;
      const current = bodies[index]!;
      const stableEnd = breakpointOffset(previous);
      // Everything before the previous breakpoint is byte-identical in the next request…
      expect(current.slice(0, stableEnd)).toBe(previous.slice(0, stableEnd));
      // …and the shared prefix ends exactly there (the marker is only appended after that text).
      expect(commonPrefixLength(previous, current)).toBe(stableEnd);
      // The next request's breakpoint is further on: the cached prefix grows every turn.
      expect(breakpointOffset(current)).toBeGreaterThan(stableEnd);
    }
  });

  test('the breakpoints sit on the system block and the last message of the stable history', async () => {
    const mock = api.mock();
    const messages = conversation(3);
    await drain(testLLM().streamText({ kind: 'tutor', system: SYSTEM, messages }));
    const body = mock.requests[0]!.body;
    expect(body.system).toEqual([
      { type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } },
    ]);
    const sent = body.messages as SentMessage[];
    expect(sent).toHaveLength(messages.length);
    const marked = sent.flatMap((message, index) =>
      message.content.some((block) => block.cache_control !== undefined) ? [index] : [],
    );
    // Only the message before the final per-turn message carries a breakpoint.
    expect(marked).toEqual([messages.length - 2]);
    expect(sent.at(-1)!.content[0]!.text).toContain('[Unchecked points: 3]');
    // The per-turn text is after the breakpoint, never inside the cached prefix.
    const raw = mock.requests[0]!.rawBody;
    expect(raw.indexOf('[Unchecked points: 3]')).toBeGreaterThan(breakpointOffset(raw));
    // Every message keeps one shape (a one-block array), so moving the breakpoint re-encodes nothing.
    for (const [index, message] of sent.entries()) {
      expect(message.content).toEqual([
        {
          type: 'text',
          text: messages[index]!.content,
          ...(index === messages.length - 2 ? { cache_control: { type: 'ephemeral' } } : {}),
        },
      ]);
    }
  });

  test('a first turn (one message) caches the system prompt only', async () => {
    const mock = api.mock();
    await drain(testLLM().streamText({ kind: 'tutor', system: SYSTEM, messages: conversation(1) }));
    const raw = mock.requests[0]!.rawBody;
    expect(raw.split(CACHE_MARK)).toHaveLength(2);
    expect(raw.indexOf(CACHE_MARK)).toBeLessThan(raw.indexOf('"messages"'));
  });

  test('model, system and messages lead the body; per-call settings follow the messages', async () => {
    const mock = api.mock();
    await drain(
      testLLM().streamText({
        kind: 'tutor',
        system: SYSTEM,
        messages: conversation(2),
        temperature: 0.5,
      }),
    );
    expect(Object.keys(mock.requests[0]!.body)).toEqual([
      'model',
      'system',
      'messages',
      'max_tokens',
      'temperature',
      'stream',
    ]);
  });
});
