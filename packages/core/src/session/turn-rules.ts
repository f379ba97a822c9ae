import { RecallError } from '../errors/recall-error';
import type { EngineSessionState } from './session-state';

/**
 * Whether the rabbit-hole detector runs for the next learner message, judged on the state
 * before it: only in recall mode, after the warm-up exchanges, with no prompt pending
 * (a message sent then declines it) and no decline cooldown left.
 */
export function shouldDetectRabbithole(
  state: EngineSessionState,
  options: { warmupExchanges: number },
): boolean {
  return (
    state.mode === 'recall' &&
    state.pendingRabbithole === null &&
    state.declineCooldown === 0 &&
    state.exchangeCount >= options.warmupExchanges
  );
}

/** Throws the typed error for a session that cannot take learner input now. */
export function assertSessionActive(state: EngineSessionState): void {
  switch (state.status) {
    case 'in_progress':
      return;
    case 'created':
      throw new RecallError('SESSION_NOT_FOUND', `Session "${state.sessionId}" has not started.`);
    case 'paused':
      throw new RecallError(
        'SESSION_ENDED',
        `Session "${state.sessionId}" is paused; call startSession to resume it.`,
      );
    case 'completed':
    case 'abandoned':
      throw new RecallError('SESSION_ENDED', `Session "${state.sessionId}" is ${state.status}.`);
  }
}

/** A label of at most four words. */
export function shortLabel(text: string): string {
  return text.trim().split(/\s+/).slice(0, 4).join(' ');
}
