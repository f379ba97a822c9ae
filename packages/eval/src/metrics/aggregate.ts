import type { SessionMetrics } from './session-metrics';

/** Metrics over a group of sessions (a persona, a set, or all); formulas in the README. */
export interface GroupMetrics {
  sessions: number;
  /** Share of sessions in which every point was recalled. */
  completionRate: number;
  /** Share of sessions that were stuck at least once. */
  stuckRate: number;
  /** Mean learner turns to completion over completed sessions; null when none completed. */
  turnsToCompletion: number | null;
  /** Turns to completion of each completed session, for the distribution chart. */
  turnsToCompletionValues: number[];
  /** Tutor replies asking about an already-recalled point (total). */
  reAsks: number;
  /** Shares of tutor replies with 0, 1 and 2+ questions. */
  questionsPerReply: { zero: number; one: number; twoPlus: number };
  maxQuestionsPerReply: number;
  tutorLeakMax: number;
  tutorLeakMean: number;
  rabbitholeLeakMax: number;
  rabbitholeLeakMean: number;
  falseCredits: number;
  /** False credits over all credits (0 when nothing was credited). */
  falseCreditRate: number;
  missedCredits: number;
  /** Missed credits over the points stated in full (0 when none was). */
  missedCreditRate: number;
  /** The latest learner turn by which every point had been asked (worst session); null if never. */
  allPointsAskedByTurn: number | null;
  longestAskRun: number;
  ratings: { again: number; hard: number; good: number; easy: number };
  firstTokenMsP50: number | null;
  firstTokenMsP95: number | null;
  requestsPerTurn: number;
  tokensPerSession: number;
  /** Mean over every session of the log's usage at the run's prices (0 for no sessions). */
  costPerSessionUsd: number;
  /** Mean of the engine's summary cost over completed sessions; null when none completed. */
  costPerCompletedSessionUsd: number | null;
}

/** The metric names a thresholds file may limit. */
export const LIMITABLE_METRICS = [
  'completionRate',
  'stuckRate',
  'turnsToCompletion',
  'reAsks',
  'maxQuestionsPerReply',
  'tutorLeakMax',
  'tutorLeakMean',
  'rabbitholeLeakMax',
  'rabbitholeLeakMean',
  'falseCredits',
  'falseCreditRate',
  'missedCredits',
  'missedCreditRate',
  'allPointsAskedByTurn',
  'longestAskRun',
  'firstTokenMsP50',
  'firstTokenMsP95',
  'requestsPerTurn',
  'tokensPerSession',
  'costPerSessionUsd',
  'costPerCompletedSessionUsd',
] as const satisfies readonly (keyof GroupMetrics)[];
/** One of {@link LIMITABLE_METRICS}. */
export type LimitableMetric = (typeof LIMITABLE_METRICS)[number];

/** The `fraction` quantile (nearest rank) of `values`; null when empty. */
export function quantile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? null;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : sum(values) / values.length);

/** Folds session metrics into group metrics. */
export function aggregate(sessions: readonly SessionMetrics[]): GroupMetrics {
  const completed = sessions.filter((session) => session.completed);
  const turns = completed.flatMap((session) =>
    session.turnsToCompletion === null ? [] : [session.turnsToCompletion],
  );
  const replies = sum(
    sessions.map((s) => s.questions.zero + s.questions.one + s.questions.twoPlus),
  );
  const shareOf = (pick: (s: SessionMetrics) => number) =>
    replies === 0 ? 0 : sum(sessions.map(pick)) / replies;
  const credits = sum(sessions.map((s) => s.credits));
  const stated = sum(sessions.map((s) => s.statedPoints));
  const falseCredits = sum(sessions.map((s) => s.falseCredits));
  const missedCredits = sum(sessions.map((s) => s.missedCredits));
  const askedBy = sessions.map((s) => s.allPointsAskedByTurn);
  const latencies = sessions.flatMap((s) => s.firstTokenMs);
  const completedCosts = completed.flatMap((s) =>
    s.estimatedCostUsd === null ? [] : [s.estimatedCostUsd],
  );
  const ratings = { again: 0, hard: 0, good: 0, easy: 0 };
  for (const session of sessions) {
    for (const key of Object.keys(ratings) as (keyof typeof ratings)[]) {
      ratings[key] += session.ratings[key];
    }
  }
  const max = (pick: (s: SessionMetrics) => number) => Math.max(0, ...sessions.map(pick));
  return {
    sessions: sessions.length,
    completionRate: sessions.length === 0 ? 0 : completed.length / sessions.length,
    stuckRate: sessions.length === 0 ? 0 : sessions.filter((s) => s.stuck).length / sessions.length,
    turnsToCompletion: turns.length === 0 ? null : mean(turns),
    turnsToCompletionValues: turns,
    reAsks: sum(sessions.map((s) => s.reAsks)),
    questionsPerReply: {
      zero: shareOf((s) => s.questions.zero),
      one: shareOf((s) => s.questions.one),
      twoPlus: shareOf((s) => s.questions.twoPlus),
    },
    maxQuestionsPerReply: max((s) => s.maxQuestionsPerReply),
    tutorLeakMax: max((s) => s.tutorLeakMax),
    tutorLeakMean: mean(sessions.map((s) => s.tutorLeakMean)),
    rabbitholeLeakMax: max((s) => s.rabbitholeLeakMax),
    rabbitholeLeakMean: mean(sessions.map((s) => s.rabbitholeLeakMean)),
    falseCredits,
    falseCreditRate: credits === 0 ? 0 : falseCredits / credits,
    missedCredits,
    missedCreditRate: stated === 0 ? 0 : missedCredits / stated,
    allPointsAskedByTurn: askedBy.some((turn) => turn === null)
      ? null
      : Math.max(0, ...(askedBy as number[])),
    longestAskRun: max((s) => s.longestAskRun),
    ratings,
    firstTokenMsP50: quantile(latencies, 0.5),
    firstTokenMsP95: quantile(latencies, 0.95),
    requestsPerTurn:
      sum(sessions.map((s) => s.learnerTurns)) === 0
        ? 0
        : sum(sessions.map((s) => s.requests)) / sum(sessions.map((s) => s.learnerTurns)),
    tokensPerSession: mean(sessions.map((s) => s.tokens)),
    costPerSessionUsd: mean(sessions.map((s) => s.costUsd)),
    costPerCompletedSessionUsd: completedCosts.length === 0 ? null : mean(completedCosts),
  };
}
