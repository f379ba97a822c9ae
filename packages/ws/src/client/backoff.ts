/** Reconnect timing. Every field has a default; see {@link DEFAULT_RECONNECT_OPTIONS}. */
export interface ReconnectOptions {
  /** Base delay of the first retry. @default 500 */
  initialDelayMs?: number;
  /** Longest delay between attempts. @default 10000 */
  maxDelayMs?: number;
  /** Growth per attempt. @default 2 */
  factor?: number;
  /** Relative spread drawn fresh for every attempt: 0.5 gives ±50%. @default 0.5 */
  jitter?: number;
  /** Give up (connection `closed`) after this many failed attempts in a row. @default Infinity */
  maxAttempts?: number;
}

/** The defaults: first retry within 250–750 ms, growing ×2 up to 10 s, never giving up. */
export const DEFAULT_RECONNECT_OPTIONS: Readonly<Required<ReconnectOptions>> =
  /* @__PURE__ */ Object.freeze({
    initialDelayMs: 500,
    maxDelayMs: 10_000,
    factor: 2,
    jitter: 0.5,
    maxAttempts: Number.POSITIVE_INFINITY,
  });

/** How much slower the slow tier (rate-limit and overload closes) starts and ends. */
const SLOW_TIER = { initialMultiplier: 10, maxMultiplier: 30, maxDelayMs: 300_000 };

/** Options for {@link computeReconnectDelay}. */
export interface ReconnectDelayOptions {
  /** 0 for the first retry after a drop. */
  attempt: number;
  reconnect: Readonly<Required<ReconnectOptions>>;
  /** The slow tier for closes that ask to retry slowly. @default false */
  slow?: boolean;
  /** A uniform random number in [0, 1); drawn per attempt so clients spread out. */
  random: () => number;
}

/**
 * The wait before reconnect attempt `attempt`: exponential growth capped at `maxDelayMs`,
 * times a jitter factor in `[1 − jitter, 1 + jitter)` drawn for this attempt. Pure apart
 * from `random`.
 */
export function computeReconnectDelay(options: ReconnectDelayOptions): number {
  const { reconnect, attempt } = options;
  const initial = options.slow
    ? reconnect.initialDelayMs * SLOW_TIER.initialMultiplier
    : reconnect.initialDelayMs;
  const max = options.slow
    ? Math.min(reconnect.maxDelayMs * SLOW_TIER.maxMultiplier, SLOW_TIER.maxDelayMs)
    : reconnect.maxDelayMs;
  const base = Math.min(max, initial * reconnect.factor ** Math.max(0, attempt));
  const spread = 1 + reconnect.jitter * (2 * options.random() - 1);
  return Math.max(0, Math.round(base * spread));
}

/** Fills in defaults and rejects impossible values with a `TypeError`. */
export function resolveReconnectOptions(
  options: ReconnectOptions | undefined,
): Readonly<Required<ReconnectOptions>> {
  const resolved = { ...DEFAULT_RECONNECT_OPTIONS, ...options };
  const { initialDelayMs, maxDelayMs, factor, jitter, maxAttempts } = resolved;
  if (!(initialDelayMs >= 0) || !(maxDelayMs >= initialDelayMs)) {
    throw new TypeError(
      'createRecallClient: need 0 ≤ reconnect.initialDelayMs ≤ reconnect.maxDelayMs.',
    );
  }
  if (!(factor >= 1)) throw new TypeError('createRecallClient: reconnect.factor must be ≥ 1.');
  if (!(jitter >= 0 && jitter <= 1)) {
    throw new TypeError('createRecallClient: reconnect.jitter must be between 0 and 1.');
  }
  if (!(maxAttempts >= 0))
    throw new TypeError('createRecallClient: reconnect.maxAttempts must be ≥ 0.');
  return Object.freeze(resolved);
}
