import type { EngineConfig } from '@recall/core';

/** The demo's daily model-spend budgets and how to describe them in the start-up log. */
export interface DemoSpendBudget {
  dailyBudgetUsd: EngineConfig['dailyBudgetUsd'];
  description: string;
}

/**
 * Modest ceilings for a model that bills per token: $1 a day per learner is some 50 to 100
 * tutor turns with their judges at the default prices, and $20 a day in all bounds what a
 * public demo can cost. The offline, scripted and keyless local models cost nothing: no budget.
 */
export const DEMO_DAILY_BUDGET_USD = Object.freeze({ perUser: 1, global: 20 });

/**
 * The budgets from `RECALL_DAILY_BUDGET_USD_PER_LEARNER` and `RECALL_DAILY_BUDGET_USD`
 * (USD per UTC day; `0` or `off` removes one), defaulting to {@link DEMO_DAILY_BUDGET_USD}
 * when the model is billed.
 */
export function spendBudgetFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  options: { billed: boolean },
): DemoSpendBudget {
  const perUser = amount(
    env.RECALL_DAILY_BUDGET_USD_PER_LEARNER,
    'RECALL_DAILY_BUDGET_USD_PER_LEARNER',
    options.billed ? DEMO_DAILY_BUDGET_USD.perUser : undefined,
  );
  const global = amount(
    env.RECALL_DAILY_BUDGET_USD,
    'RECALL_DAILY_BUDGET_USD',
    options.billed ? DEMO_DAILY_BUDGET_USD.global : undefined,
  );
  const parts = [
    ...(perUser === undefined ? [] : [`$${perUser} per learner`]),
    ...(global === undefined ? [] : [`$${global} in all`]),
  ];
  return {
    dailyBudgetUsd: {
      ...(perUser === undefined ? {} : { perUser }),
      ...(global === undefined ? {} : { global }),
    },
    description:
      parts.length === 0
        ? 'no ceiling (set RECALL_DAILY_BUDGET_USD[_PER_LEARNER] to add one)'
        : `${parts.join(', ')} per UTC day of estimated model cost`,
  };
}

function amount(
  raw: string | undefined,
  name: string,
  fallback: number | undefined,
): number | undefined {
  const text = raw?.trim();
  if (text === undefined || text === '') return fallback;
  if (text === '0' || text.toLowerCase() === 'off') return undefined;
  const value = Number(text);
  if (!(Number.isFinite(value) && value > 0)) {
    throw new Error(`${name} must be a positive amount of USD, 0 or "off"; got "${raw}".`);
  }
  return value;
}
