import {
  type EngineConfig,
  type RecallError,
  type StorageAdapter,
  createMemoryStorage,
} from '@recall/core';
import { type ScriptedLLMScript, scriptEvaluation } from '@recall/core/testing';
import { afterEach, describe, expect, test } from 'vitest';
import { parseTutorNotes } from '../../src/prompts/tutor-notes';
import { createHarness, ofType } from './harness';
import { latestTag, learnerText, turnProblems } from './turn-log';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A reply that never finishes: its writer "dies" mid-stream. */
const STUCK = { text: 'never finished', latencyMs: 10_000 };

/** What a restarted process finds: the durable rows and log of `from`, in a new storage. */
async function restoredCopy(from: StorageAdapter, sessionId: string): Promise<StorageAdapter> {
  const copy = createMemoryStorage();
  const session = (await from.getSession(sessionId))!;
  await copy.saveRecallSet((await from.getRecallSet(session.recallSetId))!);
  await copy.saveSession(session);
  await copy.append(sessionId, await from.read(sessionId), { expectedSeq: 0 });
  return copy;
}

/** A node whose reply to the learner's A0 is mid-stream when its process dies. */
async function crashedMidTurn(script: ScriptedLLMScript = {}) {
  const first = await createHarness({ script: { tutor: ['Opening?', STUCK], ...script } });
  cleanups.push(() => first.engine.close());
  const { sessionId } = await first.start();
  await first.engine.sendUserMessage(sessionId, learnerText('A0'));
  // Whatever the first node's judges store, they store while its reply streams.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect((await first.engine.getSessionState(sessionId)).openResponses).toHaveLength(1);
  return { first, sessionId, storage: await restoredCopy(first.storage, sessionId) };
}

/** A new engine on the restored storage (the node that takes the session over). */
async function takeOver(
  storage: StorageAdapter,
  options: {
    idPrefix: string;
    script?: ScriptedLLMScript;
    now: number;
    config?: Partial<EngineConfig>;
  },
) {
  const node = await createHarness({
    storage,
    idPrefix: options.idPrefix,
    ...(options.script === undefined ? {} : { script: options.script }),
    ...(options.config === undefined ? {} : { config: options.config }),
  });
  node.clock.now = options.now;
  cleanups.push(() => node.engine.close());
  return node;
}

/** The events after the interrupted learner message. */
async function afterInterrupted(storage: StorageAdapter, sessionId: string) {
  const events = await storage.read(sessionId);
  const index = events.findIndex(
    (event) => event.type === 'user_message' && event.data.content === learnerText('A0'),
  );
  return events.slice(index + 1);
}

describe('a turn interrupted by a crash is finished by the node that takes over', () => {
  test('a client attaching is enough: the reply is closed, the judges run first, then a new reply to the same message', async () => {
    const { first, sessionId, storage } = await crashedMidTurn({
      evaluator: [{ ...scriptEvaluation({ recalled: ['p1'] }), latencyMs: 10_000 }],
    });
    const second = await takeOver(storage, {
      idPrefix: 'b',
      now: first.clock.now,
      script: {
        tutor: ['Yes, and where does that happen?'],
        evaluator: [scriptEvaluation({ recalled: ['p1'] })],
      },
    });
    // No learner message: the client only attaches.
    await second.engine.getSessionState(sessionId);
    await second.engine.whenIdle(sessionId);

    const events = await storage.read(sessionId);
    expect(turnProblems(events)).toEqual([]);
    const after = await afterInterrupted(storage, sessionId);
    expect(after.map((event) => event.type)).toEqual([
      'assistant_streaming_start',
      // The cut-off reply, closed as interrupted…
      'assistant_streaming_end',
      'assistant_message',
      // …then the turn finished for the same message: the judge's verdict, then the reply.
      'assistant_streaming_start',
      'recall_point_recalled',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(ofType(after, 'assistant_message').map((event) => event.data)).toMatchObject([
      { content: '', interrupted: true },
      { content: 'Yes, and where does that happen?' },
    ]);
    // One finishing turn, under the interrupted reply's id.
    const finishing = after.slice(1);
    const interruptedId = after[0]?.responseId;
    expect(new Set(finishing.map((event) => event.commandId))).toEqual(
      new Set([`recall:finish:${interruptedId}`]),
    );
    const kinds = second.llm.requests.map((request) => request.kind);
    expect(kinds).toEqual(['evaluator', 'tutor']);
    expect(latestTag(second.llm.requestsOf('tutor')[0]!.messages)).toBe('A0');
    // The reply was written knowing the verdict: its notes list p1 as recalled.
    const notes = parseTutorNotes(second.llm.requestsOf('tutor')[0]!.messages.at(-1)!.content);
    expect(notes?.recalled).toHaveLength(1);
    const state = await second.engine.getSessionState(sessionId);
    expect(state.openResponses).toEqual([]);
    expect(state.checklist.p1).toBe('recalled');
  });

  test('judge verdicts stored before the crash are not judged again', async () => {
    const { first, sessionId, storage } = await crashedMidTurn({
      evaluator: [scriptEvaluation({ recalled: ['p1'] })],
    });
    const stored = ofType(await storage.read(sessionId), 'recall_point_recalled');
    expect(stored).toHaveLength(1);
    const second = await takeOver(storage, { idPrefix: 'b', now: first.clock.now });
    await second.engine.getSessionState(sessionId);
    await second.engine.whenIdle(sessionId);
    expect(second.llm.requests.map((request) => request.kind)).toEqual(['tutor']);
    const events = await storage.read(sessionId);
    expect(ofType(events, 'recall_point_recalled')).toHaveLength(1);
    expect(ofType(events, 'assistant_message').at(-1)?.data.interrupted).toBeUndefined();
  });

  test('finished once: two nodes taking over together append one finishing turn', async () => {
    const { first, sessionId, storage } = await crashedMidTurn();
    const b = await takeOver(storage, { idPrefix: 'b', now: first.clock.now });
    const c = await takeOver(storage, { idPrefix: 'c', now: first.clock.now });
    await Promise.all([b.engine.getSessionState(sessionId), c.engine.getSessionState(sessionId)]);
    await Promise.all([b.engine.whenIdle(sessionId), c.engine.whenIdle(sessionId)]);
    const events = await storage.read(sessionId);
    expect(turnProblems(events)).toEqual([]);
    const after = await afterInterrupted(storage, sessionId);
    expect(ofType(after, 'assistant_message').map((event) => event.data.interrupted)).toEqual([
      true,
      undefined,
    ]);
    expect(b.llm.requestsOf('tutor').length + c.llm.requestsOf('tutor').length).toBe(1);
  });

  test('a second crash does not loop: the finishing reply, cut off in turn, is only closed', async () => {
    const { first, sessionId, storage } = await crashedMidTurn();
    const second = await takeOver(storage, {
      idPrefix: 'b',
      now: first.clock.now,
      script: { tutor: [STUCK] },
    });
    await second.engine.getSessionState(sessionId);
    await expect
      .poll(async () => (await storage.read(sessionId)).at(-1)?.type)
      .toBe('assistant_streaming_start');
    // The second node dies mid-reply too.
    const restored = await restoredCopy(storage, sessionId);
    const third = await takeOver(restored, { idPrefix: 'c', now: first.clock.now });
    await third.engine.getSessionState(sessionId);
    await third.engine.whenIdle(sessionId);
    const after = await afterInterrupted(restored, sessionId);
    expect(after.map((event) => event.type)).toEqual([
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(ofType(after, 'assistant_message').map((event) => event.data.interrupted)).toEqual([
      true,
      true,
    ]);
    expect(third.llm.requests).toHaveLength(0);
    expect((await third.engine.getSessionState(sessionId)).openResponses).toEqual([]);
    // The session goes on: the next message is answered as usual.
    await third.say(sessionId, learnerText('C0'));
    expect(ofType(await restored.read(sessionId), 'assistant_message').at(-1)?.data).toMatchObject({
      content: 'Scripted tutor reply 1.',
    });
  });

  test('replay shows both: the interrupted reply and the one that finished the turn', async () => {
    const { first, sessionId, storage } = await crashedMidTurn();
    const second = await takeOver(storage, {
      idPrefix: 'b',
      now: first.clock.now,
      script: { tutor: ['Take it from the top.'] },
    });
    await second.engine.getSessionState(sessionId);
    await second.engine.whenIdle(sessionId);
    // A third engine folds the whole log afresh.
    const replay = await takeOver(storage, { idPrefix: 'c', now: first.clock.now });
    const { timeline } = await replay.engine.getSessionState(sessionId);
    const messages = timeline.filter((item) => item.kind === 'message');
    expect(messages.slice(-3).map((item) => [item.role, item.status, item.content])).toEqual([
      ['user', 'sent', learnerText('A0')],
      ['assistant', 'interrupted', ''],
      ['assistant', 'complete', 'Take it from the top.'],
    ]);
    expect(replay.llm.requests).toHaveLength(0);
  });

  test('the new reply is a model call like any other: over the spend budget it is refused, not made', async () => {
    const { first, sessionId, storage } = await crashedMidTurn();
    const day = new Date(first.clock.now).toISOString().slice(0, 10);
    await storage.spend?.addSpend({ day, costUsd: 5 });
    const second = await takeOver(storage, {
      idPrefix: 'b',
      now: first.clock.now,
      config: { dailyBudgetUsd: { perUser: 1 } },
    });
    const errors: RecallError[] = [];
    second.engine.on('error', ({ error }) => errors.push(error));
    await second.engine.getSessionState(sessionId);
    await second.engine.whenIdle(sessionId);
    expect(second.llm.requests).toHaveLength(0);
    expect(errors.map((error) => error.code)).toEqual(['BUDGET_EXCEEDED']);
    const after = await afterInterrupted(storage, sessionId);
    expect(ofType(after, 'assistant_message').map((event) => event.data.interrupted)).toEqual([
      true,
      true,
    ]);
    expect((await second.engine.getSessionState(sessionId)).openResponses).toEqual([]);
  });

  test('a cut-off opening question is asked again', async () => {
    const first = await createHarness({ script: { tutor: [STUCK] } });
    cleanups.push(() => first.engine.close());
    const { sessionId } = await first.engine.startSession(first.recallSet.id);
    await expect
      .poll(async () => (await first.engine.getSessionState(sessionId)).openResponses.length)
      .toBe(1);
    const storage = await restoredCopy(first.storage, sessionId);
    const second = await takeOver(storage, {
      idPrefix: 'b',
      now: first.clock.now,
      script: { tutor: ['What do you remember about cell energy?'] },
    });
    await second.engine.getSessionState(sessionId);
    await second.engine.whenIdle(sessionId);
    const events = await storage.read(sessionId);
    expect(turnProblems(events)).toEqual([]);
    expect(ofType(events, 'assistant_message').map((event) => event.data)).toMatchObject([
      { content: '', interrupted: true },
      { content: 'What do you remember about cell energy?' },
    ]);
    expect(second.llm.requestsOf('tutor')).toHaveLength(1);
  });
});
