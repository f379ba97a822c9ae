// A local copy of core's assertNever: this module ships to browsers and imports nothing
// at runtime from packages that load zod.

/** Makes a `switch` over a union fail to compile when a member is not handled. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
