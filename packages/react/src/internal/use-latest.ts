import { useLayoutEffect, useEffect, useRef } from 'react';

// useLayoutEffect warns during server rendering; the effect never runs there anyway.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** A ref that always holds the latest value, for callbacks run later from effects or timers. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useIsomorphicLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
