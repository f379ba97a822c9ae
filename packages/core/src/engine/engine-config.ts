import { SHOW_RESOURCE_SNIPPET_MAX_LENGTH } from '../events/catalog';
import type { TokenPrice } from '../model/usage';

/** Output settings of one kind of model call. */
export interface ModelCallSettings {
  maxOutputTokens: number;
  temperature: number;
}

export type { TokenPrice } from '../model/usage';
export { estimateCostUsd } from '../model/usage';

/**
 * Engine tuning. Every field has a default; pass a `Partial<EngineConfig>` to override
 * (nested objects are merged one level deep).
 */
export interface EngineConfig {
  /** Minimum judge certainty for a `recalled` verdict to check a point off. @default 0.6 */
  recallCertainty: number;
  /** Minimum judge certainty for a `nearMiss` verdict to be reported. @default 0.5 */
  nearMissCertainty: number;
  /** Minimum detector certainty to offer a rabbit hole. @default 0.6 */
  rabbitholeCertainty: number;
  /** Learner messages at the start of a session that never trigger detection. @default 2 */
  detectionWarmupExchanges: number;
  /** Learner messages after a decline that skip detection. @default 3 */
  declineCooldownMessages: number;
  /** How many recent conversation messages the judges see (the latest included). @default 6 */
  judgeContextMessages: number;
  /**
   * Maximum length of a `show_resource` snippet: 1 to 240 (the catalog's cap), else
   * `resolveEngineConfig` throws a `TypeError`. @default 200
   */
  snippetLength: number;
  /**
   * Retries of a command whose append met a `ConcurrencyError` (losing to a writer that
   * opened a turn is not counted: the command waits for that turn instead). @default 3
   */
  maxAppendRetries: number;
  /**
   * A response still open after this long with no live stream on this instance is taken as
   * cut off (its writer died) and closed as interrupted by the next command; until then, a
   * command waits for that writer's turn to end.
   *
   * This delay only matters when the storage is shared with other processes (`scope`
   * `'shared'` or absent) and cannot tell whether a writer lives. On a `scope: 'process'`
   * storage (in-memory, PGlite) a response no live engine of this process is streaming is
   * closed at once — after a crash and restart, nothing waits. PostgreSQL marks live turns
   * with advisory locks (`StorageAdapter.claimResponse` / `isResponseLive`), so a dead node's
   * turn is closed as soon as its connection is gone; the delay then only covers a node that
   * lives but hangs. It stays at 60 s rather than less because a live turn
   * on another node legitimately stays open while its model call is retried (the Anthropic
   * adapter waits up to 60 s for headers, 30 s of silence, and honours `retry-after`), and
   * taking over a live turn would interleave two turns in the log. @default 60000
   */
  orphanedResponseMs: number;
  /**
   * Idle sessions kept in the in-memory cache, beyond those in use (least recently used are
   * dropped). A session with a running or queued command or a subscriber (an attached
   * client) is always kept, so the cache grows with your concurrent learners by itself; this
   * bounds the rest: sessions nobody watches, kept so a learner who reconnects within a few
   * minutes resumes without a reload from storage. A dropped session costs one read of its
   * log when it is next used. Size it to the learners who leave and come back within the
   * time you want to serve from memory (a few KB each: about 5 KB after six turns, growing with
   * the conversation).
   * @default 1000
   */
  maxCachedSessions: number;
  /**
   * Output settings per call kind.
   * @default { tutor: { maxOutputTokens: 300, temperature: 0.7 }, rabbithole: { maxOutputTokens: 500, temperature: 0.7 }, evaluator: { maxOutputTokens: 1024, temperature: 0 }, detector: { maxOutputTokens: 300, temperature: 0 } }
   */
  calls: {
    tutor: ModelCallSettings;
    rabbithole: ModelCallSettings;
    evaluator: ModelCallSettings;
    detector: ModelCallSettings;
  };
  /**
   * USD per million tokens for the models your `LLMAdapter` actually uses, per role, for
   * `estimatedCostUsd` in the session summary: `conversation` prices tutor and rabbit-hole
   * calls, `judge` prices evaluator and detector calls (adapters map roles to models the same
   * way). The engine never sees model ids, so it cannot look prices up: override this when you
   * configure other models, and keep it current — list prices change.
   *
   * The defaults are the list prices, at the time of writing, of the Anthropic adapter's
   * default models (`ANTHROPIC_DEFAULT_MODELS`): Claude Sonnet 5.5 (`claude-sonnet-5-5`) for
   * conversation and Claude Haiku 5.5 (`claude-haiku-5-5`, prompts up to 100k tokens) for
   * judges; `cacheWrite` is the 5-minute cache-write price. The offline adapter reports zero
   * usage, so its sessions cost 0 whatever the table says.
   * @default { conversation: { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 }, judge: { input: 0.1, output: 0.5, cacheRead: 0.01, cacheWrite: 0.125 } }
   */
  prices: { conversation: TokenPrice; judge: TokenPrice };
  /**
   * Daily ceilings on estimated model spend in USD (from each call's usage at `prices`),
   * reset at UTC midnight and kept in the storage's spend ledger (`StorageAdapter.spend`), so
   * every node on one database shares them: `perUser` for each learner (the anonymous learner
   * is one learner), `global` for everyone together. Each is optional; leave both out for no
   * ceiling. Every model call is checked first — tutor, rabbit-hole agent, evaluator, detector;
   * wrap the adapter of the transcript pipeline with `withSpendGuard` and the same config to
   * count it too. When a budget is used up, the learner's message is still stored and the
   * reply is refused with a retryable `BUDGET_EXCEEDED` error whose `retryAfterMs` runs to the
   * reset. A budget is checked before a call, not reserved: the total can end above it by the
   * calls that passed the check together (see `withSpendGuard`).
   * @default {} (no ceiling)
   */
  dailyBudgetUsd: { perUser?: number; global?: number };
}

/** The defaults of every {@link EngineConfig} field. */
export const DEFAULT_ENGINE_CONFIG: EngineConfig = Object.freeze({
  recallCertainty: 0.6,
  nearMissCertainty: 0.5,
  rabbitholeCertainty: 0.6,
  detectionWarmupExchanges: 2,
  declineCooldownMessages: 3,
  judgeContextMessages: 6,
  snippetLength: 200,
  maxAppendRetries: 3,
  orphanedResponseMs: 60_000,
  maxCachedSessions: 1000,
  calls: {
    tutor: { maxOutputTokens: 300, temperature: 0.7 },
    rabbithole: { maxOutputTokens: 500, temperature: 0.7 },
    evaluator: { maxOutputTokens: 1024, temperature: 0 },
    detector: { maxOutputTokens: 300, temperature: 0 },
  },
  prices: {
    // Claude Sonnet 5.5 and Claude Haiku 5.5 list prices (see `EngineConfig.prices`).
    conversation: { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 },
    judge: { input: 0.1, output: 0.5, cacheRead: 0.01, cacheWrite: 0.125 },
  },
  dailyBudgetUsd: {},
});

/** Merges overrides onto the defaults and rejects impossible values with a `TypeError`. */
export function resolveEngineConfig(overrides: Partial<EngineConfig> = {}): EngineConfig {
  const config: EngineConfig = {
    ...DEFAULT_ENGINE_CONFIG,
    ...overrides,
    calls: { ...DEFAULT_ENGINE_CONFIG.calls, ...overrides.calls },
    prices: { ...DEFAULT_ENGINE_CONFIG.prices, ...overrides.prices },
    dailyBudgetUsd: { ...DEFAULT_ENGINE_CONFIG.dailyBudgetUsd, ...overrides.dailyBudgetUsd },
  };
  for (const key of ['perUser', 'global'] as const) {
    const value = config.dailyBudgetUsd[key];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new TypeError(
        `config.dailyBudgetUsd.${key} must be a positive number of USD (or left out), got ${value}.`,
      );
    }
  }
  for (const key of ['recallCertainty', 'nearMissCertainty', 'rabbitholeCertainty'] as const) {
    const value = config[key];
    if (!(value >= 0 && value <= 1)) {
      throw new TypeError(`config.${key} must be between 0 and 1, got ${value}.`);
    }
  }
  for (const key of [
    'detectionWarmupExchanges',
    'declineCooldownMessages',
    'judgeContextMessages',
    'maxAppendRetries',
    'orphanedResponseMs',
    'maxCachedSessions',
  ] as const) {
    const value = config[key];
    if (!Number.isInteger(value) || value < 0) {
      throw new TypeError(`config.${key} must be a non-negative integer, got ${value}.`);
    }
  }
  const { snippetLength } = config;
  if (
    !Number.isInteger(snippetLength) ||
    snippetLength < 1 ||
    snippetLength > SHOW_RESOURCE_SNIPPET_MAX_LENGTH
  ) {
    throw new TypeError(
      `config.snippetLength must be an integer between 1 and ${SHOW_RESOURCE_SNIPPET_MAX_LENGTH} (the show_resource snippet cap), got ${snippetLength}.`,
    );
  }
  return config;
}
