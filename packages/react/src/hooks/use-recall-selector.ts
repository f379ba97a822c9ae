import type { RecallClientSnapshot } from '@recall/ws';
import { type EqualityFn, useSnapshotSelector } from '../provider/recall-provider';

/**
 * Subscribes to one slice of the session: the component renders only when
 * `isEqual(previous, next)` is false (default `Object.is`). Inline selectors are fine; for
 * selectors that build objects, pass `shallowEqual` (exported) or your own comparison.
 *
 * @example
 * const lastError = useRecallSelector((snapshot) => snapshot.lastError);
 */
export function useRecallSelector<T>(
  selector: (snapshot: RecallClientSnapshot) => T,
  isEqual?: EqualityFn<T>,
): T {
  return useSnapshotSelector('useRecallSelector', selector, isEqual);
}
