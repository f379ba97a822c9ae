import type { NewSessionEvent, StorageAdapter } from '@recall/core';

/** Options for {@link withAppendProbe}. */
export interface AppendProbeOptions {
  /** Holds every matching append this long before it reaches the storage. @default 0 */
  appendDelayMs?: number;
  /** Only appends holding an event of one of these types are delayed. @default every append */
  delayedEventTypes?: readonly string[];
  /** Called before the delay (`append-start`) and once the append has committed (`append-done`). */
  report: (marker: AppendPhaseMarker) => void;
}

/** A phase marker of one append, as the child reports it to the parent. */
export interface AppendPhaseMarker {
  phase: 'append-start' | 'append-done';
  sessionId: string;
  types: string[];
  /** `clientMessageId`s of the batch's `user_message` events. */
  clientMessageIds: string[];
}

function clientMessageIdsOf(events: readonly NewSessionEvent[]): string[] {
  return events.flatMap((event) =>
    event.type === 'user_message' && event.data.clientMessageId !== undefined
      ? [event.data.clientMessageId]
      : [],
  );
}

/**
 * Wraps a storage so the parent can SIGKILL the process at a known point of an append: it
 * reports `append-start`, waits `appendDelayMs` (the kill window: nothing is written yet),
 * appends, then reports `append-done`. Every other member (including `scope`) passes through.
 */
export function withAppendProbe(
  storage: StorageAdapter,
  options: AppendProbeOptions,
): StorageAdapter {
  const delayMs = options.appendDelayMs ?? 0;
  const delayed = options.delayedEventTypes;
  const append: StorageAdapter['append'] = async (sessionId, events, appendOptions) => {
    const marker = {
      sessionId,
      types: events.map((event) => event.type),
      clientMessageIds: clientMessageIdsOf(events),
    };
    options.report({ phase: 'append-start', ...marker });
    const matches = delayed === undefined || events.some((event) => delayed.includes(event.type));
    if (delayMs > 0 && matches) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const result = await storage.append(sessionId, events, appendOptions);
    options.report({ phase: 'append-done', ...marker });
    return result;
  };
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (property === 'append') return append;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
