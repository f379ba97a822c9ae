import type { StorageAdapter } from '@recall/core';
import { parseSessionEvent } from '@recall/core/schemas';
import { expect, vi } from 'vitest';
import { spawnChildScript } from './child-process';
import type { StorageSpec } from './children/open-storage';

/** A small seeded generator, so a failing kill timing can be replayed from the printed seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Runs the append loop in a child and SIGKILLs it `delayMs` after its `killAfterAcks`-th
 * acknowledgement (0 ms: right after an ack, the window of pglite#1065). Returns the highest
 * acknowledged seq.
 */
export async function appendUntilKilled(
  spec: StorageSpec & { sessionId: string },
  killAfterAcks: number,
  delayMs: number,
): Promise<number> {
  const child = spawnChildScript('append-loop', spec);
  try {
    await child.waitForLine((line) => line.startsWith('ready'), 30_000);
    const acks = () => child.lines.filter((line) => line.startsWith('ack '));
    await child.waitForLine(() => acks().length >= killAfterAcks, 30_000);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    child.process.kill('SIGKILL');
    const exit = await child.exited;
    expect(exit.signal).toBe('SIGKILL');
    return Math.max(...acks().map((line) => Number(line.slice(4))));
  } finally {
    child.process.kill('SIGKILL');
  }
}

/**
 * Asserts the log written by the append loop is readable, gapless from 1, holds every
 * acknowledged seq, and every event is intact (valid, with the content written for its seq).
 */
export async function expectIntactLog(
  storage: StorageAdapter,
  sessionId: string,
  options: { acknowledged: number; seed: number },
): Promise<void> {
  const context = `seed ${options.seed}, last acknowledged seq ${options.acknowledged}`;
  // An append is one statement: one sent just before the kill may still commit after it (the
  // server finishes a statement whose client is gone). Let the log settle first.
  const events = await vi.waitFor(
    async () => {
      const read = await storage.read(sessionId);
      expect(await storage.lastSeq(sessionId), context).toBe(read.length);
      return read;
    },
    { timeout: 10_000, interval: 50 },
  );
  expect(events.length, context).toBeGreaterThanOrEqual(options.acknowledged);
  events.forEach((event, index) => {
    expect(event.seq, context).toBe(index + 1);
    expect(parseSessionEvent(event).ok, context).toBe(true);
    expect(event, context).toMatchObject({
      type: 'user_message',
      data: { content: `message ${event.seq}` },
    });
  });
}
