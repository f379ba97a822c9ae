import { describe, expect, test, vi } from 'vitest';
import { CALL, causeCodeOf, codeOf, OK } from './ai-sdk-faults-harness';
import { deltaTexts, drain, useChatCompletions } from './use-chat-completions';

// Faults after text was streamed, and stalls, over real HTTP, and what the AI SDK adapter makes
// of them. Faults before any text: ai-sdk-faults.test.ts.
const api = useChatCompletions();

describe('failures after text was streamed', () => {
  test('an error chunk mid-stream ends as LLM_INTERRUPTED, classified by its type, not retried', async () => {
    const standIn = await api.mock({
      replies: [
        {
          type: 'text',
          text: ['One ', 'two ', 'three '],
          end: { type: 'error', errorType: 'server_error', message: 'The server had an error.' },
        },
        OK,
      ],
    });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(deltaTexts(parts)).toEqual(['One ', 'two ', 'three ']);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_UNAVAILABLE');
    expect(standIn.requests).toHaveLength(1);
  });

  test('a rate-limit error chunk mid-stream keeps its category as the cause', async () => {
    const standIn = await api.mock({
      replies: [
        {
          type: 'text',
          text: ['Partial '],
          end: { type: 'error', errorType: 'rate_limit_error', code: 'rate_limit_exceeded' },
        },
      ],
    });
    const { error } = await drain(standIn.llm().streamText(CALL));
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_RATE_LIMITED');
  });

  test('a real socket disconnect mid-stream ends as LLM_INTERRUPTED without a retry', async () => {
    const standIn = await api.mock({
      replies: [
        { type: 'text', text: ['Half ', 'an ', 'answer'], end: { type: 'disconnect' } },
        OK,
      ],
    });
    const { parts, error } = await drain(standIn.llm().streamText(CALL));
    expect(deltaTexts(parts).join('')).toBe('Half an answer');
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_UNAVAILABLE');
    expect(standIn.requests).toHaveLength(1);
    // The stand-in dropped it on purpose: not a client abort.
    expect(standIn.requests[0]!.aborted).toBe(false);
  });
});

describe('stalls', () => {
  test('a stream that stalls after text is cut by the idle timeout and ends as LLM_INTERRUPTED', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: ['Thinking '], end: { type: 'stall' } }, OK],
    });
    const idleTimeoutMs = 150;
    const started = performance.now();
    const { parts, error } = await drain(standIn.llm({ idleTimeoutMs }).streamText(CALL));
    const elapsed = performance.now() - started;
    expect(deltaTexts(parts)).toEqual(['Thinking ']);
    expect(codeOf(error)).toBe('LLM_INTERRUPTED');
    expect(causeCodeOf(error)).toBe('LLM_TIMEOUT');
    expect(elapsed).toBeGreaterThanOrEqual(idleTimeoutMs - 5);
    expect(elapsed).toBeLessThan(3 * idleTimeoutMs + 200);
    await vi.waitFor(() => expect(standIn.requests[0]?.aborted).toBe(true));
    expect(standIn.requests).toHaveLength(1);
  });

  test('a stall before any text times out as LLM_TIMEOUT and is retried', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: [], end: { type: 'stall' } }, OK],
    });
    const { parts, error } = await drain(standIn.llm({ idleTimeoutMs: 100 }).streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });
    expect(standIn.requests).toHaveLength(2);
    await vi.waitFor(() => expect(standIn.requests[0]?.aborted).toBe(true));
  });

  test('slow but steady chunks never trip the idle timeout', async () => {
    const standIn = await api.mock({
      replies: [{ type: 'text', text: ['a ', 'b ', 'c ', 'd ', 'e'] }],
      chunkDelayMs: 60,
    });
    const { error, parts } = await drain(standIn.llm({ idleTimeoutMs: 150 }).streamText(CALL));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toMatchObject({ type: 'finish', text: 'a b c d e' });
  });

  test('headers that never come are cut by timeoutMs as LLM_TIMEOUT', async () => {
    const standIn = await api.mock({ replies: [OK], headersDelayMs: 5000 });
    const started = performance.now();
    const { error } = await drain(standIn.llm({ timeoutMs: 100, maxRetries: 0 }).streamText(CALL));
    expect(codeOf(error)).toBe('LLM_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(1000);
    await vi.waitFor(() => expect(standIn.requests[0]?.aborted).toBe(true));
  });
});
