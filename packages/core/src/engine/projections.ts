import { toRecallError } from '../errors/recall-error';
import type { EngineSessionState } from '../session/session-state';
import { toSessionRow } from '../session/session-row';
import { reportError, type EngineRuntime } from './runtime';

/** Writes the session row from the current state; a failure is reported, not thrown. */
export async function saveSessionRow(
  runtime: EngineRuntime,
  state: EngineSessionState,
): Promise<void> {
  try {
    await runtime.storage.saveSession(toSessionRow(state, runtime.clock()));
  } catch (error) {
    reportError(runtime, state.sessionId, toRecallError(error));
  }
}
