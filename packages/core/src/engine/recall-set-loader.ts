import { RecallError } from '../errors/recall-error';
import type { RecallSet } from '../model/recall-set';
import type { EngineRuntime } from './runtime';

/** The current recall set (read per command, so edits to the set take effect). */
export async function loadRecallSet(
  runtime: EngineRuntime,
  recallSetId: string,
): Promise<RecallSet> {
  const recallSet = await runtime.storage.getRecallSet(recallSetId);
  if (recallSet === null) {
    throw new RecallError('RECALL_SET_NOT_FOUND', `No recall set has id "${recallSetId}".`);
  }
  return recallSet;
}
