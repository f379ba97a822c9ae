import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ExternalStore } from './external-store';

/** Decides whether two selections are the same, so the component can skip a render. */
export type EqualityFn<T> = (previous: T, next: T) => boolean;

/**
 * `useSyncExternalStore` with a selector and an equality function: the component renders only
 * when its selection changes. An equal selection keeps its previous identity, even across
 * inline (re-created) selectors, so derived objects and arrays do not cause renders.
 */
export function useStoreSelector<S, T>(
  store: ExternalStore<S>,
  selector: (snapshot: S) => T,
  isEqual: EqualityFn<T> = Object.is,
): T {
  const committed = useRef<{ value: T } | null>(null);

  const getSelection = useMemo(() => {
    let memo: { snapshot: S; selection: T } | undefined;
    return () => {
      const snapshot = store.getSnapshot();
      if (memo && Object.is(memo.snapshot, snapshot)) return memo.selection;
      let selection = selector(snapshot);
      const previous = memo ?? (committed.current && { selection: committed.current.value });
      if (previous && isEqual(previous.selection, selection)) selection = previous.selection;
      memo = { snapshot, selection };
      return selection;
    };
  }, [store, selector, isEqual]);

  const value = useSyncExternalStore(store.subscribe, getSelection, getSelection);
  useEffect(() => {
    committed.current = { value };
  }, [value]);
  return value;
}
