import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { NewSessionEvent, StorageAdapter } from '@recall/core';
import { createEventContext } from '@recall/core/testing';
import type { PublishedEvent } from '../feed-engine';

/**
 * A request from the parent, one JSON line on stdin: append `events` to a session's log
 * through this process's storage (so their NOTIFYs come from this node), `batchSize` per
 * append, pausing `pauseMs` between appends. Answered with `{"appended": requestId, lastSeq}`.
 */
export interface AppendRequest {
  append: {
    requestId: string;
    sessionId: string;
    events: PublishedEvent[];
    batchSize: number;
    pauseMs?: number;
  };
}

/** Serves {@link AppendRequest}s from stdin, one at a time, until stdin ends. */
export function serveAppendRequests(
  storage: StorageAdapter,
  report: (value: unknown) => void,
): void {
  let queue: Promise<void> = Promise.resolve();
  createInterface({ input: process.stdin }).on('line', (line) => {
    const request = JSON.parse(line) as Partial<AppendRequest>;
    if (request.append === undefined) return;
    const { append } = request;
    queue = queue.then(() => runAppend(storage, append, report));
  });
}

async function runAppend(
  storage: StorageAdapter,
  request: AppendRequest['append'],
  report: (value: unknown) => void,
): Promise<void> {
  const { sessionId, events, batchSize } = request;
  let lastSeq = await storage.lastSeq(sessionId);
  try {
    for (let offset = 0; offset < events.length; offset += batchSize) {
      const context = createEventContext({ clock: Date.now, ids: randomUUID });
      const batch = events
        .slice(offset, offset + batchSize)
        .map((event) => context.build(event.type, event.data as never) as NewSessionEvent);
      const result = await storage.append(sessionId, batch, { expectedSeq: lastSeq });
      lastSeq = result.events.at(-1)?.seq ?? lastSeq;
      if ((request.pauseMs ?? 0) > 0) {
        await new Promise((resolve) => setTimeout(resolve, request.pauseMs));
      }
    }
    report({ appended: request.requestId, lastSeq });
  } catch (error) {
    report({ appendFailed: request.requestId, error: String(error) });
  }
}
