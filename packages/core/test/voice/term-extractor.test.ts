import type { RecallError, RecallSet } from '@recall/core';
import { createTermExtractor } from '@recall/core/voice';
import { createAnthropicLLM } from '@recall/core/llm/anthropic';
import { createMessagesApiHandlers, type MessagesApiReplySource } from '@recall/core/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function recallSet(id: string, contents: string[]): RecallSet {
  return {
    id,
    name: `Set ${id}`,
    description: '',
    status: 'active',
    points: contents.map((content, position) => ({
      id: `${id}-point-${position}`,
      recallSetId: id,
      content,
      context: `context for ${content}`,
      position,
      createdAt: 0,
      updatedAt: 0,
    })),
    resources: [],
    createdAt: 0,
    updatedAt: 0,
  };
}

function extractorWith(replies: MessagesApiReplySource) {
  const api = createMessagesApiHandlers({ replies });
  server.use(...api.handlers);
  const errors: RecallError[] = [];
  const extractor = createTermExtractor({
    llm: createAnthropicLLM({ apiKey: 'test-key', maxRetries: 0 }),
    onError: (error) => errors.push(error),
  });
  return { extractor, requests: api.requests, errors };
}

const FUNGI = ['Mycelium is a network of hyphae.', 'ATP holds a phosphoanhydride bond.'];

describe('createTermExtractor', () => {
  test('one call per set builds a cleaned term list from every point', async () => {
    const { extractor, requests } = extractorWith([
      {
        type: 'json',
        value: { terms: ['mycelium', ' hyphae ', 'Mycelium', '', 'phosphoanhydride'] },
      },
    ]);
    const terms = await extractor.getTerms(recallSet('fungi', FUNGI));
    expect(terms).toEqual(['mycelium', 'hyphae', 'phosphoanhydride']);
    expect(requests).toHaveLength(1);
    const body = JSON.stringify(requests[0]!.body.messages);
    expect(body).toContain('Mycelium is a network of hyphae.');
    expect(body).toContain('context for ATP holds a phosphoanhydride bond.');
    expect(requests[0]!.body.temperature).toBe(0);
  });

  test('cached per set: repeated and concurrent calls share one extraction', async () => {
    const { extractor, requests } = extractorWith((_, index) => ({
      type: 'json',
      value: { terms: [`term-${index}`] },
      timing: { headersDelayMs: 20 },
    }));
    const fungi = recallSet('fungi', FUNGI);
    const [first, second] = await Promise.all([
      extractor.getTerms(fungi),
      extractor.getTerms(fungi),
    ]);
    const third = await extractor.getTerms(structuredClone(fungi));
    expect([first, second, third]).toEqual([['term-0'], ['term-0'], ['term-0']]);
    expect(
      await extractor.getTerms(recallSet('other', ['Chiaroscuro is light and shade.'])),
    ).toEqual(['term-1']);
    expect(requests).toHaveLength(2);
  });

  test('changing, adding or removing a point invalidates the cache', async () => {
    const { extractor, requests } = extractorWith((_, index) => ({
      type: 'json',
      value: { terms: [`term-${index}`] },
    }));
    const original = recallSet('fungi', FUNGI);
    expect(await extractor.getTerms(original)).toEqual(['term-0']);

    const edited = structuredClone(original);
    edited.points[0]!.content = 'Mycelium absorbs nutrients.';
    expect(await extractor.getTerms(edited)).toEqual(['term-1']);

    const added = recallSet('fungi', [...FUNGI, 'Spores spread fungi.']);
    expect(await extractor.getTerms(added)).toEqual(['term-2']);

    const removed = recallSet('fungi', FUNGI.slice(0, 1));
    expect(await extractor.getTerms(removed)).toEqual(['term-3']);
    expect(await extractor.getTerms(removed)).toEqual(['term-3']);
    expect(requests).toHaveLength(4);
  });

  test('a failed extraction returns [] and is not cached', async () => {
    const { extractor, requests, errors } = extractorWith([
      { type: 'error', status: 529, errorType: 'overloaded_error' },
      { type: 'json', value: { terms: ['mycelium'] } },
    ]);
    const fungi = recallSet('fungi', FUNGI);
    expect(await extractor.getTerms(fungi)).toEqual([]);
    expect(errors.map((error) => error.code)).toEqual(['LLM_UNAVAILABLE']);
    expect(await extractor.getTerms(fungi)).toEqual(['mycelium']);
    expect(await extractor.getTerms(fungi)).toEqual(['mycelium']);
    expect(requests).toHaveLength(2);
  });

  test('malformed output is a failure too, and an empty set makes no call', async () => {
    const { extractor, requests } = extractorWith([
      { type: 'json', raw: '["mycelium"' },
      { type: 'json', raw: 'terms: mycelium' },
    ]);
    expect(await extractor.getTerms(recallSet('empty', []))).toEqual([]);
    expect(requests).toHaveLength(0);
    expect(await extractor.getTerms(recallSet('fungi', FUNGI))).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  test('returned lists are copies: callers cannot corrupt the cache', async () => {
    const { extractor } = extractorWith([{ type: 'json', value: { terms: ['mycelium'] } }]);
    const fungi = recallSet('fungi', FUNGI);
    (await extractor.getTerms(fungi)).push('garbage');
    expect(await extractor.getTerms(fungi)).toEqual(['mycelium']);
  });
});
