import { describe, expect, it } from 'vitest';
import { RecallError } from '../errors/recall-error';
import { createEventContext } from './turn';
import { createFsrsScheduler } from '../scheduling/fsrs-scheduler';
import { createMemoryStorage } from '../storage/memory/memory-storage';
import { createScriptedLLM } from '../testing/scripted-llm';
import { resolveEngineConfig } from './engine-config';
import type { CommandResult } from './engine-types';
import { type EngineRuntime, createRuntime } from './runtime';
import { SessionActor } from './session-actor';
import type { PlannedReview } from './session-reviews';

function createTestRuntime(): EngineRuntime {
  let next = 0;
  return createRuntime({
    storage: createMemoryStorage(),
    llm: createScriptedLLM(),
    spendGuard: null,
    scheduler: createFsrsScheduler(),
    clock: () => 1_000,
    ids: () => {
      next += 1;
      return `id-${next}`;
    },
    config: resolveEngineConfig(),
  });
}

function createActor(runtime = createTestRuntime()): SessionActor {
  return new SessionActor(runtime, {
    sessionId: 's1',
    recallSetId: 'set',
    targetPointIds: ['p1'],
    createdHere: true,
  });
}

const accepted = (lastSeq = 0): CommandResult => ({ status: 'accepted', sessionId: 's1', lastSeq });

/** A promise with its resolve function, to hold a task until the test lets it go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('SessionActor mailbox', () => {
  it('runs commands one at a time, in order, and settles each on accept', async () => {
    const actor = createActor();
    const order: string[] = [];
    const held = gate();
    const first = actor.enqueue(async (accept) => {
      order.push('first:start');
      accept(accepted(1));
      await held.promise;
      order.push('first:end');
    });
    const second = actor.enqueue(async (accept) => {
      order.push('second');
      accept(accepted(2));
    });
    await expect(first).resolves.toEqual(accepted(1));
    expect(actor.idle).toBe(false);
    expect(order).toEqual(['first:start']);
    held.open();
    await expect(second).resolves.toEqual(accepted(2));
    await actor.whenIdle();
    expect(order).toEqual(['first:start', 'first:end', 'second']);
    expect(actor.idle).toBe(true);
  });

  it('rejects a command that fails before accepting, and reports one that fails after', async () => {
    const runtime = createTestRuntime();
    const actor = createActor(runtime);
    const reported: string[] = [];
    runtime.emitter.on('error', ({ error }) => reported.push(error.code));
    const refused = actor.enqueue(async () => {
      throw new RecallError('SESSION_ENDED', 'ended');
    });
    await expect(refused).rejects.toMatchObject({ code: 'SESSION_ENDED' });
    const taken = actor.enqueue(async (accept) => {
      accept(accepted());
      throw new RecallError('STORAGE_UNAVAILABLE', 'lost');
    });
    await expect(taken).resolves.toEqual(accepted());
    await actor.whenIdle();
    expect(reported).toEqual(['STORAGE_UNAVAILABLE']);
    const silent = actor.enqueue(async () => undefined);
    await expect(silent).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('refuses a third learner message while one runs and one waits, before queueing it', async () => {
    const actor = createActor();
    const held = gate();
    const run = (accept: (result: CommandResult) => void) => {
      accept(accepted());
      return held.promise;
    };
    const learnerMessage = { clientMessageId: undefined };
    void actor.enqueue(run, { learnerMessage });
    void actor.enqueue(run, { learnerMessage });
    await expect(actor.enqueue(run, { learnerMessage })).rejects.toMatchObject({
      code: 'SESSION_BUSY',
      retryable: true,
      retryAfterMs: 4_000,
    });
    held.open();
    await actor.whenIdle();
    await expect(actor.enqueue(run, { learnerMessage })).resolves.toEqual(accepted());
  });

  it('refuses every command once the engine is closed', async () => {
    const runtime = createTestRuntime();
    const actor = createActor(runtime);
    runtime.closed = true;
    await expect(actor.enqueue(async (accept) => accept(accepted()))).rejects.toMatchObject({
      code: 'ABORTED',
    });
  });
});

describe('SessionActor parts', () => {
  it('runs appends one after another, a failed one not blocking the next', async () => {
    const actor = createActor();
    const order: string[] = [];
    const held = gate();
    const failing = actor.serializeAppend(async () => {
      await held.promise;
      order.push('first');
      throw new Error('write failed');
    });
    const next = actor.serializeAppend(async () => {
      order.push('second');
      return 2;
    });
    held.open();
    await expect(failing).rejects.toThrow('write failed');
    await expect(next).resolves.toBe(2);
    expect(order).toEqual(['first', 'second']);
  });

  it('folds events and marks a response it could not end as its own abandoned one', () => {
    const runtime = createTestRuntime();
    const actor = createActor(runtime);
    const context = createEventContext({ clock: runtime.clock, ids: runtime.ids, turnId: 't1' });
    const start = context.build(
      'assistant_streaming_start',
      { responseId: 'r1', agent: 'tutor' },
      { responseId: 'r1' },
    );
    const controller = actor.beginTurn();
    expect(actor.idle).toBe(false);
    actor.apply([{ ...start, sessionId: 's1', seq: 1 }]);
    expect(actor.state.lastSeq).toBe(1);
    actor.endTurn(controller, ['r1']);
    expect(actor.idle).toBe(true);
    expect(actor.isWriterGone('r1')).toBe(true);
    expect(actor.shownText.get('r1')).toBe('');
  });

  it('gives back failed owed reviews ahead of those owed meanwhile', () => {
    const actor = createActor();
    const review = (logId: string): PlannedReview => ({
      logId,
      pointId: 'p1',
      rating: 3,
      reviewedAt: 0,
    });
    actor.oweReviews([review('a'), review('b')]);
    const owed = actor.takeOwedReviews();
    expect(actor.takeOwedReviews()).toEqual([]);
    actor.oweReviews([review('c')]);
    actor.oweReviews(owed.slice(1), { first: true });
    expect(actor.takeOwedReviews().map((planned) => planned.logId)).toEqual(['b', 'c']);
  });
});
