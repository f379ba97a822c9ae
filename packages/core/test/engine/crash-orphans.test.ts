import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StorageAdapter, createMemoryStorage } from '@recall/core';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { afterEach, describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';
import { learnerText, turnProblems } from './turn-log';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A tutor whose reply to the first learner message never finishes (its writer will "die"). */
const STUCK_TUTOR = { tutor: ['Opening?', { text: 'never finished', latencyMs: 10_000 }] };

/** Resolves with the promise's value, or with `'still waiting'` after `milliseconds`. */
function within<T>(promise: Promise<T>, milliseconds: number): Promise<T | 'still waiting'> {
  return Promise.race([
    promise,
    new Promise<'still waiting'>((resolve) => setTimeout(resolve, milliseconds, 'still waiting')),
  ]);
}

/** What a restarted process finds: the durable rows and log of `from`, in a new storage. */
async function restoredCopy(from: StorageAdapter, sessionId: string): Promise<StorageAdapter> {
  const copy = createMemoryStorage();
  const session = (await from.getSession(sessionId))!;
  await copy.saveRecallSet((await from.getRecallSet(session.recallSetId))!);
  await copy.saveSession(session);
  await copy.append(sessionId, await from.read(sessionId), { expectedSeq: 0 });
  return copy;
}

/** A first engine whose turn is mid-stream (acknowledged, never ending) on `storage`. */
async function crashedMidStream(storage?: StorageAdapter) {
  const first = await createHarness({
    script: STUCK_TUTOR,
    ...(storage === undefined ? {} : { storage }),
  });
  if (storage !== undefined) await storage.saveRecallSet(first.recallSet);
  cleanups.push(() => first.engine.close());
  const { sessionId } = await first.start();
  await first.engine.sendUserMessage(sessionId, learnerText('A0'));
  expect((await first.engine.getSessionState(sessionId)).openResponses).toHaveLength(1);
  return { first, sessionId };
}

/**
 * The cut-off response is closed as interrupted. `finished`: the taking-over engine finished
 * the interrupted turn first (a new reply to the same learner message), then answered the
 * next one; otherwise the next command closed it and only that command was answered.
 */
async function expectTakenOver(
  storage: StorageAdapter,
  sessionId: string,
  options: { finished: boolean },
): Promise<void> {
  const events = await storage.read(sessionId);
  expect(turnProblems(events)).toEqual([]);
  const interrupted = events.findIndex(
    (event) => event.type === 'user_message' && event.data.content === learnerText('A0'),
  );
  const after = events.slice(interrupted + 1);
  const reply = ['assistant_streaming_start', 'assistant_streaming_end', 'assistant_message'];
  expect(after.map((event) => event.type)).toEqual([
    'assistant_streaming_start',
    'assistant_streaming_end',
    'assistant_message',
    ...(options.finished ? reply : []),
    'user_message',
    ...reply,
  ]);
  const replies = ofType(after, 'assistant_message');
  expect(replies.map((message) => message.data.interrupted)).toEqual(
    options.finished ? [true, undefined, undefined] : [true, undefined],
  );
}

describe('a response left open by a crashed writer (T8)', () => {
  test('process-scoped storage: closed at once, the interrupted turn finished, with no orphan delay', async () => {
    const { first, sessionId } = await crashedMidStream();
    // The process dies; a new one opens the same durable data (a new storage object).
    const restored = await restoredCopy(first.storage, sessionId);
    expect(restored.scope).toBe('process');
    const second = await createHarness({ storage: restored, idPrefix: 'b' });
    second.clock.now = first.clock.now;
    const sent = second.engine.sendUserMessage(sessionId, learnerText('B0'));
    expect(await within(sent, 2_000)).toMatchObject({ status: 'accepted' });
    await second.engine.whenIdle(sessionId);
    await expectTakenOver(restored, sessionId, { finished: true });
  });

  test('PGlite reopened on the same directory: closed at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'recall-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const before = await createPGliteStorage({ dataDir });
    expect(before.scope).toBe('process');
    const { first, sessionId } = await crashedMidStream(before);
    // Closing the storage under the running turn: its end can never be written, as in a crash.
    await before.close();
    const after = await createPGliteStorage({ dataDir });
    cleanups.push(() => after.close());
    const second = await createHarness({ storage: after, idPrefix: 'b' });
    second.clock.now = first.clock.now;
    const sent = second.engine.sendUserMessage(sessionId, learnerText('B0'));
    expect(await within(sent, 2_000)).toMatchObject({ status: 'accepted' });
    await second.engine.whenIdle(sessionId);
    await expectTakenOver(after, sessionId, { finished: true });
  }, 30_000);

  test('shared storage: waited for until orphanedResponseMs, then taken over', async () => {
    const { first, sessionId } = await crashedMidStream();
    const restored = await restoredCopy(first.storage, sessionId);
    const shared: StorageAdapter = { ...restored, scope: 'shared' };
    const second = await createHarness({
      storage: shared,
      idPrefix: 'b',
      config: { orphanedResponseMs: 60_000 },
    });
    second.clock.now = first.clock.now + 59_000;
    const sent = second.engine.sendUserMessage(sessionId, learnerText('B0'));
    // Another process may still be streaming it.
    expect(await within(sent, 300)).toBe('still waiting');
    second.clock.now = first.clock.now + 60_000;
    expect(await within(sent, 2_000)).toMatchObject({ status: 'accepted' });
    await second.engine.whenIdle(sessionId);
    await expectTakenOver(shared, sessionId, { finished: false });
  });

  test('a storage without a scope is treated as shared', async () => {
    const { first, sessionId } = await crashedMidStream();
    const { scope: _scope, ...unscoped } = await restoredCopy(first.storage, sessionId);
    const second = await createHarness({ storage: unscoped, idPrefix: 'b' });
    second.clock.now = first.clock.now;
    const sent = second.engine.sendUserMessage(sessionId, learnerText('B0'));
    expect(await within(sent, 300)).toBe('still waiting');
    second.clock.now = first.clock.now + 60_000;
    expect(await within(sent, 2_000)).toMatchObject({ status: 'accepted' });
  });

  test('a turn another engine of this process abandoned is closed at once by this one', async () => {
    const storage = createMemoryStorage();
    const a = await createHarness({ storage, idPrefix: 'a' });
    await storage.saveRecallSet(a.recallSet);
    const { sessionId } = await a.start();
    // Node A cannot write its response's end (storage failure), then finishes its turn.
    const append = storage.append.bind(storage);
    let failEnding = true;
    storage.append = async (id, events, options) => {
      if (failEnding && events.some((event) => event.type === 'assistant_streaming_end')) {
        failEnding = false;
        throw new Error('storage unavailable');
      }
      return append(id, events, options);
    };
    await a.say(sessionId, learnerText('A0'));
    expect((await a.engine.getSessionState(sessionId)).openResponses).toHaveLength(1);
    const b = await createHarness({ storage, idPrefix: 'b' });
    b.clock.now = a.clock.now;
    const sent = b.engine.sendUserMessage(sessionId, learnerText('B0'));
    expect(await within(sent, 2_000)).toMatchObject({ status: 'accepted' });
    await b.engine.whenIdle(sessionId);
    await expectTakenOver(storage, sessionId, { finished: true });
  });
});
