import type { SessionSummary } from '../events/catalog';
import { type TokenPrice, addUsage, estimateCostUsd } from '../model/usage';
import { recalledCount } from './checklist';
import type { EngineSessionState } from './session-state';
import { activeDurationMs } from './view/reduce-session-view';

/** Options for {@link summarizeSession}. */
export interface SummarizeSessionOptions {
  /** Epoch ms the summary is taken at. */
  now: number;
  /** USD per million tokens for conversation (tutor, rabbit hole) and judge calls. */
  prices: { conversation: TokenPrice; judge: TokenPrice };
}

/**
 * The `session_completed` summary, computed from the folded log only: counts, active
 * duration, rabbit holes entered, recalled ids in recall order, the usage every
 * `assistant_message` reported, and the cost of that usage at `prices`.
 */
export function summarizeSession(
  state: EngineSessionState,
  options: SummarizeSessionOptions,
): SessionSummary {
  return {
    sessionId: state.sessionId,
    recalledCount: recalledCount(state),
    totalPoints: state.targetPointIds.length,
    durationMs: activeDurationMs(state, options.now),
    rabbitholeCount: state.rabbitholes.length,
    recalledPointIds: [...state.recalledPointIds],
    usage: addUsage(state.usage, state.judgeUsage),
    estimatedCostUsd:
      estimateCostUsd(state.usage, options.prices.conversation) +
      estimateCostUsd(state.judgeUsage, options.prices.judge),
  };
}
