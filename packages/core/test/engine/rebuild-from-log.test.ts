import { type SessionEvent, type StorageAdapter, createMemoryStorage } from '@recall/core';
import { exportSessionLog, importSessionLog } from '@recall/core/storage/log';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { comparableState, createHarness, ofType } from './harness';

const TUTOR = ['Opening?', 'Second?', 'Third?', 'Fourth?'];
const EVALUATIONS = [
  scriptEvaluation({ nearMiss: { p1: 'the enzyme' } }),
  scriptEvaluation({ recalled: ['p2'] }),
  scriptEvaluation({ recalled: ['p1'] }),
];
const MESSAGES = ['some enzyme', 'glycolysis splits glucose', 'ATP synthase makes ATP'];
const USER = 'learner-1';

/** A session of USER with two answered messages, run by one engine. */
async function originalSession() {
  const original = await createHarness({ script: { tutor: TUTOR, evaluator: EVALUATIONS } });
  const { sessionId } = await original.engine.startSession(original.recallSet.id, {
    userId: USER,
  });
  await original.engine.whenIdle(sessionId);
  for (const message of MESSAGES.slice(0, 2)) await original.say(sessionId, message);
  return { original, sessionId };
}

/** A new engine instance on `storage` that continues where the original stopped. */
async function continuation(storage: StorageAdapter, now: number) {
  const next = await createHarness({
    storage,
    idPrefix: 'b',
    script: { tutor: TUTOR.slice(3), evaluator: EVALUATIONS.slice(2) },
  });
  next.clock.now = now;
  return next;
}

// Event ids, turn ids and response ids come from each engine's own id source.
function comparable(events: readonly SessionEvent[]) {
  return events.map(({ id, turnId, responseId, data, ...rest }) => ({
    ...rest,
    data: 'responseId' in data ? { ...data, responseId: 'r' } : data,
  }));
}

describe('a session is rebuilt from its log alone', () => {
  test('session_started records the target points and the user', async () => {
    const { original, sessionId } = await originalSession();
    const [started] = ofType(await original.events(sessionId), 'session_started');
    expect(started!.data).toMatchObject({ targetPointIds: ['p1', 'p2', 'p3'], userId: USER });
  });

  test('an engine loads a session whose row is missing by folding its log', async () => {
    const { original, sessionId } = await originalSession();
    // Another storage holding the log only: no session row.
    const bare = createMemoryStorage();
    await bare.saveRecallSet(original.recallSet);
    await bare.append(sessionId, await original.events(sessionId), { expectedSeq: 0 });
    expect(await bare.getSession(sessionId)).toBeNull();

    const next = await continuation(bare, original.clock.now);
    expect(comparableState(await next.engine.getSessionState(sessionId))).toEqual(
      comparableState(await original.engine.getSessionState(sessionId)),
    );
    // The row is a projection of the log: loading repairs it.
    expect(await bare.getSession(sessionId)).toEqual(await original.storage.getSession(sessionId));
    await next.say(sessionId, MESSAGES[2]!);
    await original.say(sessionId, MESSAGES[2]!);
    expect(comparableState(await next.engine.getSessionState(sessionId))).toEqual(
      comparableState(await original.engine.getSessionState(sessionId)),
    );
  });

  test('without a row, a log that does not record its targets is SESSION_NOT_FOUND', async () => {
    const { original, sessionId } = await originalSession();
    const legacy = (await original.events(sessionId)).map((event) => {
      if (event.type !== 'session_started') return event;
      const { targetPointIds: _targets, userId: _user, ...data } = event.data;
      return { ...event, data };
    });
    const bare = createMemoryStorage();
    await bare.append(sessionId, legacy, { expectedSeq: 0 });
    const next = await continuation(bare, original.clock.now);
    await expect(next.engine.getSessionState(sessionId)).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    await expect(next.engine.getSessionState('no-such-session')).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
  });

  describe.each<[string, () => Promise<StorageAdapter>]>([
    ['memory', async () => createMemoryStorage()],
    ['PGlite', () => createPGliteStorage()],
  ])('export, then import into fresh %s storage', (_, open) => {
    test('a new engine continues the session: same state, same reply', async () => {
      const { original, sessionId } = await originalSession();
      const fresh = await open();
      try {
        await fresh.saveRecallSet(original.recallSet);
        const imported = await importSessionLog(
          fresh,
          await exportSessionLog(original.storage, sessionId),
        );
        expect(imported).toMatchObject({ sessionId, status: 'appended' });
        const row = await original.storage.getSession(sessionId);
        expect(await fresh.getSession(sessionId)).toEqual(row);
        expect(
          await fresh.findActiveSession({ recallSetId: original.recallSet.id, userId: USER }),
        ).toEqual(row);

        const next = await continuation(fresh, original.clock.now);
        expect(comparableState(await next.engine.getSessionState(sessionId))).toEqual(
          comparableState(await original.engine.getSessionState(sessionId)),
        );
        expect(await next.engine.startSession(original.recallSet.id, { userId: USER })).toEqual({
          sessionId,
          resumed: true,
        });
        const sent = await next.say(sessionId, MESSAGES[2]!);
        expect(sent.status).toBe('accepted');
        await original.say(sessionId, MESSAGES[2]!);
        const replies = ofType(await next.events(sessionId), 'assistant_message');
        expect(replies.at(-1)!.data).toMatchObject({ content: 'Fourth?', agent: 'tutor' });
        expect(replies.at(-1)!.data.interrupted).toBeUndefined();
        expect(comparableState(await next.engine.getSessionState(sessionId))).toEqual(
          comparableState(await original.engine.getSessionState(sessionId)),
        );
        expect(comparable(await next.events(sessionId))).toEqual(
          comparable(await original.events(sessionId)),
        );
        await next.engine.close();
      } finally {
        await fresh.close();
      }
    }, 20_000);
  });
});
