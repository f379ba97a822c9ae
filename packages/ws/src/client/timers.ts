/** Named one-shot timers and intervals, cleared together when the connection drops. */
export interface Timers<Name extends string> {
  /** (Re)starts a one-shot timer. */
  set(name: Name, delayMs: number, run: () => void): void;
  /** (Re)starts an interval. */
  every(name: Name, intervalMs: number, run: () => void): void;
  has(name: Name): boolean;
  clear(name: Name): void;
  clearAll(): void;
}

/** Creates a {@link Timers} set over the global timer functions (fake timers work). */
export function createTimers<Name extends string>(): Timers<Name> {
  const active = new Map<Name, { handle: ReturnType<typeof setTimeout>; repeating: boolean }>();
  const timers: Timers<Name> = {
    set(name, delayMs, run) {
      timers.clear(name);
      const handle = setTimeout(() => {
        active.delete(name);
        run();
      }, delayMs);
      active.set(name, { handle, repeating: false });
    },
    every(name, intervalMs, run) {
      timers.clear(name);
      active.set(name, { handle: setInterval(run, intervalMs), repeating: true });
    },
    has: (name) => active.has(name),
    clear(name) {
      const timer = active.get(name);
      if (timer === undefined) return;
      if (timer.repeating) clearInterval(timer.handle);
      else clearTimeout(timer.handle);
      active.delete(name);
    },
    clearAll() {
      for (const name of [...active.keys()]) timers.clear(name);
    },
  };
  return timers;
}
