import { shallowEqual } from '../internal/shallow-equal';
import { type RecallProgress, selectProgress } from '../selectors/progress';
import { useSnapshotSelector } from '../provider/recall-provider';

/**
 * Progress only: counts, total, rabbit-hole visibility and explored labels. Renders only
 * when one of them changes — never while text streams.
 */
export function useRecallProgress(): RecallProgress {
  return useSnapshotSelector('useRecallProgress', selectProgress, shallowEqual);
}
