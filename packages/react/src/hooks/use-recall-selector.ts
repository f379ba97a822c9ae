import type { RecallClientSnapshot } from '@recall/ws';
import type { EqualityFn } from '../store/use-store-selector';
import { useSnapshotSelector } from './use-snapshot-selector';

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
