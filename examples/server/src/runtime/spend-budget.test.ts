import { describe, expect, test } from 'vitest';
import { spendBudgetFromEnvironment } from './spend-budget';

describe('the demo’s spend budget', () => {
  test('a billed model gets modest daily ceilings by default, shown in the start-up line', () => {
    expect(spendBudgetFromEnvironment({}, { billed: true })).toEqual({
      dailyBudgetUsd: { perUser: 1, global: 20 },
      description: '$1 per learner, $20 in all per UTC day of estimated model cost',
    });
  });

  test('a free model has none unless asked', () => {
    expect(spendBudgetFromEnvironment({}, { billed: false }).dailyBudgetUsd).toEqual({});
    expect(
      spendBudgetFromEnvironment({ RECALL_DAILY_BUDGET_USD: '3' }, { billed: false })
        .dailyBudgetUsd,
    ).toEqual({ global: 3 });
  });

  test('the environment overrides or removes each ceiling, and refuses nonsense', () => {
    const env = { RECALL_DAILY_BUDGET_USD_PER_LEARNER: '0.25', RECALL_DAILY_BUDGET_USD: 'off' };
    expect(spendBudgetFromEnvironment(env, { billed: true }).dailyBudgetUsd).toEqual({
      perUser: 0.25,
    });
    expect(() =>
      spendBudgetFromEnvironment({ RECALL_DAILY_BUDGET_USD: '-2' }, { billed: true }),
    ).toThrow(/RECALL_DAILY_BUDGET_USD must be a positive amount/);
  });
});
