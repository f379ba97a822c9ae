import { createMemoryStorage, createRecallEngine } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { DEFAULT_ENGINE_CONFIG, resolveEngineConfig } from '../../src/engine/engine-config';
import type { LLMAdapter, StorageAdapter } from '@recall/core';
import { ANTHROPIC_DEFAULT_MODELS } from '@recall/core/llm/anthropic';
import { describe, expect, test, vi } from 'vitest';
import { createHarness, ofType } from './harness';

describe('engine options', () => {
  test('defaults are documented values; overrides merge; impossible values throw TypeError', () => {
    expect(DEFAULT_ENGINE_CONFIG).toMatchObject({
      recallCertainty: 0.6,
      rabbitholeCertainty: 0.6,
      detectionWarmupExchanges: 2,
      declineCooldownMessages: 3,
      snippetLength: 200,
    });
    const config = resolveEngineConfig({
      calls: { tutor: { maxOutputTokens: 10, temperature: 0 } } as never,
    });
    expect(config.calls.tutor.maxOutputTokens).toBe(10);
    expect(config.calls.evaluator).toEqual(DEFAULT_ENGINE_CONFIG.calls.evaluator);
    expect(() => resolveEngineConfig({ recallCertainty: 2 })).toThrow(TypeError);
    expect(() => resolveEngineConfig({ declineCooldownMessages: -1 })).toThrow(TypeError);
    expect(() =>
      createRecallEngine({ storage: {} as StorageAdapter, llm: createOfflineLLM() }),
    ).toThrow(TypeError);
    expect(() =>
      createRecallEngine({ storage: createMemoryStorage(), llm: {} as LLMAdapter }),
    ).toThrow(TypeError);
  });

  test('snippetLength must fit the catalog: 1 to 240 characters', () => {
    for (const snippetLength of [0, 241, 1.5, Number.NaN]) {
      expect(() => resolveEngineConfig({ snippetLength })).toThrow(TypeError);
    }
    expect(() => resolveEngineConfig({ snippetLength: 241 })).toThrow(/between 1 and 240/);
    expect(resolveEngineConfig({ snippetLength: 1 }).snippetLength).toBe(1);
    expect(resolveEngineConfig({ snippetLength: 240 }).snippetLength).toBe(240);
    expect(() =>
      createRecallEngine({
        storage: createMemoryStorage(),
        llm: createOfflineLLM(),
        config: { snippetLength: 500 },
      }),
    ).toThrow(TypeError);
  });

  test("default prices are the default Anthropic models' list prices; one role can be overridden", () => {
    expect(ANTHROPIC_DEFAULT_MODELS).toEqual({
      tutor: 'claude-sonnet-5-5',
      judge: 'claude-haiku-5-5',
    });
    expect(DEFAULT_ENGINE_CONFIG.prices).toEqual({
      conversation: { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 },
      judge: { input: 0.1, output: 0.5, cacheRead: 0.01, cacheWrite: 0.125 },
    });
    const ownJudge = { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 };
    const config = resolveEngineConfig({ prices: { judge: ownJudge } as never });
    expect(config.prices).toEqual({
      conversation: DEFAULT_ENGINE_CONFIG.prices.conversation,
      judge: ownJudge,
    });
  });

  test('call settings reach the adapter', async () => {
    const h = await createHarness({
      config: {
        calls: {
          ...DEFAULT_ENGINE_CONFIG.calls,
          tutor: { maxOutputTokens: 123, temperature: 0.2 },
        },
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'hi');
    expect(h.llm.requestsOf('tutor')[0]).toMatchObject({ maxOutputTokens: 123, temperature: 0.2 });
    expect(h.llm.requestsOf('evaluator')[0]).toMatchObject({
      maxOutputTokens: 1024,
      temperature: 0,
      schemaName: 'evaluation',
    });
  });

  test('sessions dropped from the cache are reloaded from storage', async () => {
    const h = await createHarness({ config: { maxCachedSessions: 1 } });
    const { sessionId } = await h.start();
    await h.storage.saveRecallSet({ ...h.recallSet, id: 'set-two', name: 'Second set' });
    const other = await h.start('set-two');
    await h.say(other.sessionId, 'in the second');
    const loads = vi.spyOn(h.storage, 'getSession');
    await h.say(sessionId, 'back in the first');
    expect(loads).toHaveBeenCalledWith(sessionId);
    expect(
      ofType(await h.events(sessionId), 'user_message').map((event) => event.data.content),
    ).toEqual(['back in the first']);
    expect((await h.engine.getSessionState(sessionId)).exchangeCount).toBe(1);
    expect((await h.engine.getSessionState(other.sessionId)).exchangeCount).toBe(1);
  });

  test('a session someone is subscribed to stays cached, whatever maxCachedSessions says', async () => {
    const h = await createHarness({ config: { maxCachedSessions: 0 } });
    await h.storage.saveRecallSet({ ...h.recallSet, id: 'set-two', name: 'Second set' });
    const watched = await h.start();
    const stop = h.engine.subscribe(watched.sessionId, { afterSeq: 0 }, () => {});
    const idle = await h.start('set-two');
    await h.say(idle.sessionId, 'in the second');
    await h.say(watched.sessionId, 'in the first');
    const loads = vi.spyOn(h.storage, 'getSession');
    // The watched session is served from memory; the idle one was dropped and is reloaded.
    await h.say(watched.sessionId, 'again in the first');
    expect(loads).not.toHaveBeenCalled();
    await h.say(idle.sessionId, 'again in the second');
    expect(loads).toHaveBeenCalledWith(idle.sessionId);
    stop();
    // Once nobody watches it, it is idle like any other.
    await h.say(idle.sessionId, 'once more in the second');
    loads.mockClear();
    await h.say(watched.sessionId, 'after the client left');
    expect(loads).toHaveBeenCalledWith(watched.sessionId);
  });

  test('in-process listeners get every appended event and delta', async () => {
    const h = await createHarness({ script: { tutor: [{ chunks: ['a', 'b'] }] } });
    const events: string[] = [];
    const deltas: string[] = [];
    const onEvent = (event: { type: string }) => events.push(event.type);
    h.engine.on('event', onEvent).on('delta', (delta) => deltas.push(delta.text));
    const { sessionId } = await h.start();
    h.engine.off('event', onEvent);
    await h.say(sessionId, 'hi');
    expect(events).toEqual([
      'session_started',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(deltas.slice(0, 2)).toEqual(['a', 'b']);
  });
});
