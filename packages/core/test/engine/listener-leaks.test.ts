import { EventEmitter } from 'node:events';
import { EventEmitter as LightEmitter } from 'eventemitter3';
import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CELL_ENERGY, createHarness } from './harness';

/**
 * Counts the listeners attached to every `EventTarget` (abort signals) and Node
 * `EventEmitter` while a session runs, and every warning the process emits: a listener left
 * behind per chunk or per turn shows up as a count that grows with the turns, and Node's
 * `MaxListenersExceededWarning` as a warning.
 */
function watchListeners() {
  const live = new Map<object, number>();
  const change = (target: object, delta: number) => {
    const next = (live.get(target) ?? 0) + delta;
    if (next <= 0) live.delete(target);
    else live.set(target, next);
  };
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);

  const targetAdd = EventTarget.prototype.addEventListener;
  const targetRemove = EventTarget.prototype.removeEventListener;
  const tracked = new WeakMap<object, Set<unknown>>();
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    const key = `${type}`;
    const set = tracked.get(this) ?? new Set();
    tracked.set(this, set);
    const id = [key, listener];
    if (![...set].some((entry) => sameEntry(entry, id))) {
      set.add(id);
      change(this, 1);
    }
    return targetAdd.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const set = tracked.get(this);
    const found = [...(set ?? [])].find((entry) => sameEntry(entry, [`${type}`, listener]));
    if (found !== undefined) {
      set?.delete(found);
      change(this, -1);
    }
    return targetRemove.call(this, type, listener, options);
  };

  // Every emitter a listener is attached to (Node's and the engine's own), counted later
  // from its own tally.
  const emitters = new Set<Countable>();
  const patched: Array<{ prototype: Record<string, unknown>; name: string; original: unknown }> =
    [];
  for (const prototype of [EventEmitter.prototype, LightEmitter.prototype] as unknown as Array<
    Record<string, unknown>
  >) {
    for (const name of ['on', 'addListener', 'once', 'prependListener']) {
      const original = prototype[name];
      if (typeof original !== 'function') continue;
      patched.push({ prototype, name, original });
      prototype[name] = function (this: Countable, ...args: unknown[]) {
        if (this !== (process as unknown)) emitters.add(this);
        return original.apply(this, args);
      };
    }
  }

  return {
    warnings,
    /** Listeners on signals not yet aborted (an aborted signal drops its `once` listeners). */
    signalListeners(): number {
      let total = 0;
      for (const [target, count] of live) {
        if (target instanceof AbortSignal && target.aborted) continue;
        total += count;
      }
      return total;
    },
    emitterListeners(): number {
      let total = 0;
      for (const emitter of emitters) {
        for (const name of emitter.eventNames()) total += emitter.listenerCount(name);
      }
      return total;
    },
    processListeners(): number {
      return process.eventNames().reduce((sum, name) => sum + process.listenerCount(name), 0);
    },
    restore() {
      process.off('warning', onWarning);
      EventTarget.prototype.addEventListener = targetAdd;
      EventTarget.prototype.removeEventListener = targetRemove;
      for (const { prototype, name, original } of patched) prototype[name] = original;
    },
  };
}

interface Countable {
  eventNames(): Array<string | symbol>;
  listenerCount(name: string | symbol): number;
}

function sameEntry(entry: unknown, id: unknown[]): boolean {
  const [type, listener] = entry as unknown[];
  return type === id[0] && listener === id[1];
}

/** Learner messages that never check a point off, so the session stays open for every turn. */
function vagueMessage(turn: number): string {
  return ['I am not sure yet', 'maybe something about cells', 'could you give me a hint'][
    turn % 3
  ] as string;
}

// A listener left per chunk or per turn shows after one turn (the counts must match exactly); 50
// turns is a long session, five times past Node's warning threshold of ten listeners.
const TURNS = 50;
let watch: ReturnType<typeof watchListeners>;
beforeEach(() => {
  watch = watchListeners();
});
afterEach(() => watch.restore());

describe('listeners over a long session', () => {
  test(`${TURNS} offline turns with paced chunks add no listener and print no warning`, async () => {
    const storage = createMemoryStorage();
    const recallSet = defineRecallSet(CELL_ENERGY, { now: Date.now() - 1000 });
    await storage.saveRecallSet(recallSet);
    const engine = createRecallEngine({ storage, llm: createOfflineLLM({ chunkDelayMs: 1 }) });
    const { sessionId } = await engine.startSession(recallSet.id);
    const unsubscribe = engine.subscribe(sessionId, { afterSeq: 0 }, () => undefined);
    const onEvent = () => undefined;
    engine.on('event', onEvent);
    await engine.whenIdle(sessionId);
    const before = {
      signals: watch.signalListeners(),
      emitters: watch.emitterListeners(),
      process: watch.processListeners(),
    };
    for (let turn = 0; turn < TURNS; turn += 1) {
      await engine.sendUserMessage(sessionId, vagueMessage(turn));
      await engine.whenIdle(sessionId);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      (await storage.read(sessionId)).filter((event) => event.type === 'user_message'),
    ).toHaveLength(TURNS);
    expect({
      signals: watch.signalListeners(),
      emitters: watch.emitterListeners(),
      process: watch.processListeners(),
    }).toEqual(before);
    expect(watch.warnings).toEqual([]);
    // The watch sees the engine's own emitter (it would count a listener left on it).
    expect(before.emitters).toBeGreaterThan(0);
    engine.off('event', onEvent);
    unsubscribe();
    await engine.close();
  }, 60_000);

  test(`${TURNS} scripted turns add no listener and print no warning`, async () => {
    const harness = await createHarness({ script: { chunkDelayMs: 1 } });
    const { sessionId } = await harness.start();
    const unsubscribe = harness.engine.subscribe(sessionId, { afterSeq: 0 }, () => undefined);
    const before = {
      signals: watch.signalListeners(),
      emitters: watch.emitterListeners(),
      process: watch.processListeners(),
    };
    for (let turn = 0; turn < TURNS; turn += 1) {
      harness.llm.enqueue('tutor', `${'Think about what the cell does next. '.repeat(4)}`);
      await harness.say(sessionId, vagueMessage(turn));
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      (await harness.events(sessionId)).filter((event) => event.type === 'assistant_message'),
    ).toHaveLength(TURNS + 1);
    expect({
      signals: watch.signalListeners(),
      emitters: watch.emitterListeners(),
      process: watch.processListeners(),
    }).toEqual(before);
    expect(watch.warnings).toEqual([]);
    unsubscribe();
    await harness.engine.close();
  }, 60_000);
});
