import {
  createMemoryStorage,
  createRecallEngine,
  type RecallError,
  withSpendGuard,
} from '@recall/core';
import { createScriptedLLM } from '@recall/core/testing';
import { createTranscriptPipeline } from '@recall/core/voice';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

// The harness clock starts at 2023-11-14T22:13:20Z: the budgets reset 6,400,000 ms later.
const TO_MIDNIGHT = 6_400_000;
// Every call reports 2,000 output tokens: $0.02 for a reply ($10 per million on the
// conversation model), $0.001 for a judge ($0.5 per million).
const COSTLY = { outputTokens: 2000 };

function collectErrors(engine: {
  on(event: 'error', listener: (item: { error: RecallError }) => void): unknown;
}) {
  const errors: RecallError[] = [];
  engine.on('error', ({ error }) => errors.push(error));
  return errors;
}

describe('daily spend budgets', () => {
  test('a learner over their budget keeps their message; the reply is refused until the reset', async () => {
    const harness = await createHarness({
      script: { usage: COSTLY },
      config: { dailyBudgetUsd: { perUser: 0.03 } },
    });
    const errors = collectErrors(harness.engine);
    const { sessionId } = await harness.engine.startSession(harness.recallSet.id, {
      userId: 'ada',
    });
    await harness.engine.whenIdle(sessionId);
    // Greeting ($0.02), one reply ($0.02) and its evaluator ($0.001) pass the check; the
    // total is now above $0.03.
    await harness.say(sessionId, 'Something about membranes?');
    const callsBefore = harness.llm.requests.length;
    expect(harness.llm.requests.map((request) => request.kind)).toEqual([
      'tutor',
      'evaluator',
      'tutor',
    ]);
    const spent = await harness.storage.spend?.getSpend({ day: '2023-11-14', userId: 'ada' });
    expect(spent?.learnerUsd).toBeCloseTo(0.041, 10);
    expect(spent?.globalUsd).toBeCloseTo(0.041, 10);

    const refused = await harness.say(sessionId, 'ATP synthase makes ATP.');
    expect(refused.status).toBe('accepted');
    // No model call at all: neither the tutor nor a judge.
    expect(harness.llm.requests.length).toBe(callsBefore);
    expect(errors.map((error) => [error.code, error.retryable, error.retryAfterMs])).toEqual([
      ['BUDGET_EXCEEDED', true, TO_MIDNIGHT],
    ]);
    expect(errors[0]?.message).toMatch(/saved.*2023-11-15T00:00:00.000Z/);
    const events = await harness.events(sessionId);
    expect(ofType(events, 'user_message').at(-1)?.data.content).toBe('ATP synthase makes ATP.');
    expect(ofType(events, 'assistant_message').at(-1)?.data).toMatchObject({
      content: '',
      interrupted: true,
    });
    expect((await harness.engine.getSessionState(sessionId)).openResponses).toEqual([]);

    // After UTC midnight the same session answers again.
    harness.advance(TO_MIDNIGHT);
    harness.llm.enqueue('tutor', 'Where does that happen?');
    await harness.say(sessionId, 'ATP synthase makes ATP.');
    expect(ofType(await harness.events(sessionId), 'assistant_message').at(-1)?.data).toMatchObject(
      { content: 'Where does that happen?' },
    );
    expect(errors).toHaveLength(1);
  });

  test('the global budget stops every learner, and one learner’s budget never stops another', async () => {
    const harness = await createHarness({
      script: { usage: COSTLY },
      config: { dailyBudgetUsd: { perUser: 0.05, global: 0.1 } },
    });
    const errors = collectErrors(harness.engine);
    const start = async (userId: string) => {
      const { sessionId } = await harness.engine.startSession(harness.recallSet.id, { userId });
      await harness.engine.whenIdle(sessionId);
      return sessionId;
    };
    // Ada: greeting $0.02, then two replies with their evaluator, $0.021 each: $0.062.
    const ada = await start('ada');
    await harness.say(ada, 'A first try.');
    await harness.say(ada, 'A second try.');
    expect(errors).toEqual([]);
    await harness.say(ada, 'A third try.');
    expect(errors.map((error) => error.code)).toEqual(['BUDGET_EXCEEDED']);
    // Ada is over her $0.05; Grace is not, and the $0.062 spent leaves room globally.
    const grace = await start('grace');
    await harness.say(grace, 'My own try.');
    expect(errors).toHaveLength(1);
    // $0.103 spent in all: the global budget now refuses Grace too, within her own budget.
    await harness.say(grace, 'Another try.');
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/this learner's daily model budget \(\$0.05\)/),
      expect.stringMatching(/the service's daily model budget \(\$0.1\)/),
    ]);
  });

  test('two engines on one storage share the totals', async () => {
    const storage = createMemoryStorage();
    const first = await createHarness({
      storage,
      idPrefix: 'a',
      script: { usage: COSTLY },
      config: { dailyBudgetUsd: { global: 0.03 } },
    });
    await storage.saveRecallSet(first.recallSet);
    const second = await createHarness({
      storage,
      idPrefix: 'b',
      script: { usage: COSTLY },
      config: { dailyBudgetUsd: { global: 0.03 } },
    });
    const errors = collectErrors(second.engine);
    const one = await first.engine.startSession(first.recallSet.id, { userId: 'ada' });
    await first.engine.whenIdle(one.sessionId);
    await first.say(one.sessionId, 'Spending on the first node.');
    // Another learner on the other node: its greeting is refused, no model call is made.
    const two = await second.engine.startSession(first.recallSet.id, { userId: 'grace' });
    await second.engine.whenIdle(two.sessionId);
    expect(errors.map((error) => error.code)).toEqual(['BUDGET_EXCEEDED']);
    expect(second.llm.requests).toHaveLength(0);
    expect(ofType(await second.events(two.sessionId), 'assistant_message')[0]?.data).toMatchObject({
      content: '',
      interrupted: true,
    });
  });

  test('the transcript pipeline counts against the learner’s budget through withSpendGuard', async () => {
    const storage = createMemoryStorage();
    const config = { dailyBudgetUsd: { perUser: 0.001 } };
    const clock = () => 1_700_000_000_000;
    // Each cleanup: 20,000 judge input tokens at $0.1 per million, $0.002.
    const llm = createScriptedLLM({
      transcript: [
        { object: { text: 'ATP synthase', corrections: [] }, usage: { inputTokens: 20_000 } },
      ],
    });
    const failures: RecallError[] = [];
    const pipeline = createTranscriptPipeline({
      llm: withSpendGuard(llm, { storage, config, clock }),
      onError: (error) => failures.push(error),
    });
    const first = await pipeline.process({
      text: 'a tp synthase',
      source: 'voice',
      terms: ['ATP synthase'],
      userId: 'ada',
    });
    expect(first.text).toBe('ATP synthase');
    expect(await storage.spend?.getSpend({ day: '2023-11-14', userId: 'ada' })).toEqual({
      learnerUsd: 0.002,
      globalUsd: 0.002,
    });
    const second = await pipeline.process({
      text: 'a tp synthase',
      source: 'voice',
      terms: ['ATP synthase'],
      userId: 'ada',
    });
    // Refused before the call: the raw text comes back unchanged.
    expect(second.text).toBe('a tp synthase');
    expect(llm.requests).toHaveLength(1);
    expect(failures.map((error) => [error.code, error.retryAfterMs])).toEqual([
      ['BUDGET_EXCEEDED', TO_MIDNIGHT],
    ]);
    // Another learner still gets the cleanup (the script has no second reply: it fails on
    // the call, not on the budget).
    await pipeline.process({ text: 'x', source: 'voice', terms: [], userId: 'grace' });
    expect(llm.requests).toHaveLength(2);
  });

  test('a budget needs a storage with a spend ledger and a positive amount', () => {
    const { spend: _spend, ...withoutLedger } = createMemoryStorage();
    const llm = createScriptedLLM();
    expect(() =>
      createRecallEngine({
        storage: withoutLedger,
        llm,
        config: { dailyBudgetUsd: { global: 5 } },
      }),
    ).toThrow(/spend ledger/);
    expect(() =>
      createRecallEngine({
        storage: createMemoryStorage(),
        llm,
        config: { dailyBudgetUsd: { perUser: 0 } },
      }),
    ).toThrow(TypeError);
    // Without a budget no ledger is needed.
    expect(() => createRecallEngine({ storage: withoutLedger, llm })).not.toThrow();
  });
});
