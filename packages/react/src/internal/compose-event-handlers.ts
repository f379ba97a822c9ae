/**
 * Runs the host app's handler first, then ours unless the host called `preventDefault()`
 * (Radix's rule: the host can always opt out of the built-in behaviour).
 */
export function composeEventHandlers<E extends { defaultPrevented: boolean }>(
  external: ((event: E) => void) | undefined,
  internal: (event: E) => void,
): (event: E) => void {
  return (event) => {
    external?.(event);
    if (!event.defaultPrevented) internal(event);
  };
}
