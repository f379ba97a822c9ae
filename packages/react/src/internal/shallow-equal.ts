/** True when both objects have the same keys with `Object.is`-equal values. */
export function shallowEqual<T>(previous: T, next: T): boolean {
  if (Object.is(previous, next)) return true;
  if (typeof previous !== 'object' || typeof next !== 'object' || !previous || !next) {
    return false;
  }
  const previousKeys = Object.keys(previous);
  if (previousKeys.length !== Object.keys(next).length) return false;
  return previousKeys.every(
    (key) =>
      Object.hasOwn(next, key) &&
      Object.is((previous as Record<string, unknown>)[key], (next as Record<string, unknown>)[key]),
  );
}
