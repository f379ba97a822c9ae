import { useCallback, useState } from 'react';
import { useLatest } from './use-latest';

/** Options of {@link useControllableState} (Radix's `value` / `defaultValue` / `onValueChange`). */
export interface ControllableStateOptions<T> {
  value: T | undefined;
  defaultValue: T;
  onChange: ((value: T) => void) | undefined;
}

/** State the host app may control (`value` given) or leave to the component. */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: ControllableStateOptions<T>): [T, (next: T) => void] {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const isControlled = value !== undefined;
  const onChangeRef = useLatest(onChange);
  const setValue = useCallback(
    (next: T) => {
      if (!isControlled) setUncontrolled(next);
      onChangeRef.current?.(next);
    },
    [isControlled, onChangeRef],
  );
  return [isControlled ? value : uncontrolled, setValue];
}
