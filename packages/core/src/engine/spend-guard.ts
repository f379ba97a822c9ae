import { RecallError } from '../errors/recall-error';
import type { TokenUsage } from '../events/catalog';
import type { LLMAdapter, LLMCallKind, LLMCallOptions, LLMStreamPart } from '../llm/llm-adapter';
import { roleOfCallKind } from '../llm/model-role';
import type { SpendLedger, StorageAdapter } from '../storage/storage-adapter';
import { type EngineConfig, estimateCostUsd, resolveEngineConfig } from './engine-config';

const DAY_MS = 86_400_000;

/** Options for {@link withSpendGuard}. */
export interface SpendGuardOptions {
  /** Where the day's totals live (its `spend` ledger), shared by every node on it. */
  storage: StorageAdapter;
  /**
   * The budgets (`dailyBudgetUsd`) and the price table (`prices`) the cost of each call is
   * estimated with — the engine's own config, so there is one price table.
   */
  config?: Partial<EngineConfig>;
  /** Epoch milliseconds; the budgets reset at each UTC midnight. @default Date.now */
  clock?: () => number;
}

/** Checks the day's budgets before a call and counts each call's estimated cost after it. */
export interface SpendGuard {
  /** Throws `BUDGET_EXCEEDED` (retryable after the reset) when a budget is used up. */
  check(userId: string | undefined): Promise<void>;
  /** Adds the estimated cost of one call's usage to the learner's and the global total. */
  record(options: {
    userId: string | undefined;
    kind: LLMCallKind;
    usage: TokenUsage;
  }): Promise<void>;
}

/** The guard for a config, or null when it sets no budget. */
export function createSpendGuard(options: SpendGuardOptions): SpendGuard | null {
  const config = resolveEngineConfig(options.config);
  const { perUser, global } = config.dailyBudgetUsd;
  if (perUser === undefined && global === undefined) return null;
  const ledger = options.storage.spend;
  if (ledger === undefined) {
    throw new TypeError(
      'A daily spend budget needs a storage with a spend ledger (`StorageAdapter.spend`); Recall’s adapters all have one.',
    );
  }
  const clock = options.clock ?? Date.now;
  return {
    async check(userId) {
      const now = clock();
      const totals = await ledger.getSpend(spendKey(userId, now));
      const over =
        perUser !== undefined && totals.learnerUsd >= perUser
          ? `this learner's daily model budget ($${perUser})`
          : global !== undefined && totals.globalUsd >= global
            ? `the service's daily model budget ($${global})`
            : null;
      if (over === null) return;
      const resetAt = nextUtcMidnight(now);
      throw new RecallError(
        'BUDGET_EXCEEDED',
        `Your message is saved, but ${over} is used up; replies resume at ${new Date(resetAt).toISOString()}.`,
        { retryAfterMs: resetAt - now },
      );
    },
    async record({ userId, kind, usage }) {
      const role = roleOfCallKind(kind) === 'tutor' ? 'conversation' : 'judge';
      const costUsd = estimateCostUsd(usage, config.prices[role]);
      if (costUsd > 0) await ledger.addSpend({ ...spendKey(userId, clock()), costUsd });
    },
  };
}

/**
 * `llm` with every call checked against the day's spend budgets first (`BUDGET_EXCEEDED`,
 * retryable at the next UTC midnight, when one is used up) and its estimated cost, from the
 * usage it reports and `config.prices`, added to the learner's (`LLMCallOptions.userId`) and
 * the global total after it. The engine guards its own calls this way when
 * `config.dailyBudgetUsd` sets a budget; wrap the adapter you give other model users — the
 * transcript pipeline, the term extractor — with the same `config` and storage so they count
 * against the same budgets (without a budget, `llm` is returned as it is).
 *
 * A call's cost is known only from its usage, after it ends, so a budget is checked, not
 * reserved: calls that pass the check together all run, and the total can end above the
 * budget by what those calls cost — one call, or a turn's reply with its judges (which start
 * together so the reply waits for no judge) — per learner making calls at that moment. A call
 * that fails before reporting usage is not counted, and a failed write of a cost does not fail
 * the call.
 *
 * @example
 * const config = { dailyBudgetUsd: { perUser: 0.5, global: 20 } };
 * const engine = createRecallEngine({ storage, llm, config });
 * const pipeline = createTranscriptPipeline({ llm: withSpendGuard(llm, { storage, config }) });
 */
export function withSpendGuard(llm: LLMAdapter, options: SpendGuardOptions): LLMAdapter {
  const guard = createSpendGuard(options);
  return guard === null ? llm : guardedLLM(llm, guard);
}

/** `llm` with each call checked and counted by `guard`. */
export function guardedLLM(llm: LLMAdapter, guard: SpendGuard): LLMAdapter {
  const count = (call: LLMCallOptions, usage: TokenUsage) =>
    guard.record({ userId: call.userId, kind: call.kind, usage }).catch(() => undefined);
  return {
    specificationVersion: llm.specificationVersion,
    name: llm.name,
    async *streamText(call): AsyncIterable<LLMStreamPart> {
      await guard.check(call.userId);
      for await (const part of llm.streamText(call)) {
        if (part.type === 'finish') await count(call, part.usage);
        yield part;
      }
    },
    async generateObject(call) {
      await guard.check(call.userId);
      const result = await llm.generateObject(call);
      await count(call, result.usage);
      return result;
    },
  };
}

function spendKey(userId: string | undefined, now: number): SpendLedgerKey {
  return {
    day: new Date(now).toISOString().slice(0, 10),
    ...(userId === undefined ? {} : { userId }),
  };
}

type SpendLedgerKey = Parameters<SpendLedger['getSpend']>[0];

function nextUtcMidnight(now: number): number {
  return (Math.floor(now / DAY_MS) + 1) * DAY_MS;
}

/**
 * The `BUDGET_EXCEEDED` error a turn's calls would meet, checked once before the turn starts
 * them (so one refusal is reported, not one per call); undefined with no guard or room left.
 * A failure to read the totals is left to the calls themselves.
 */
export async function budgetRefusal(
  guard: SpendGuard | null,
  userId: string | null,
): Promise<RecallError | undefined> {
  if (guard === null) return undefined;
  try {
    await guard.check(userId ?? undefined);
    return undefined;
  } catch (error) {
    return RecallError.isInstance(error) && error.code === 'BUDGET_EXCEEDED' ? error : undefined;
  }
}
