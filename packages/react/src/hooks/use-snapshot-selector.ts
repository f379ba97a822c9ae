import type { RecallClientSnapshot } from '@recall/ws';
import { useRecallContext } from '../provider/recall-context';
import { type EqualityFn, useStoreSelector } from '../store/use-store-selector';

/** Which subscription a selection reads: every change, or the throttled streaming one. */
export type SnapshotSource = 'live' | 'stream';

/**
 * Selects from the client snapshot on behalf of `consumerName` (named in the error thrown
 * outside `RecallProvider`). `'stream'` reads the throttled subscription, for values that
 * change with every chunk of streamed text.
 */
export function useSnapshotSelector<T>(
  consumerName: string,
  selector: (snapshot: RecallClientSnapshot) => T,
  isEqual?: EqualityFn<T>,
  source: SnapshotSource = 'live',
): T {
  const { store, streamStore } = useRecallContext(consumerName);
  return useStoreSelector(source === 'stream' ? streamStore : store, selector, isEqual);
}
