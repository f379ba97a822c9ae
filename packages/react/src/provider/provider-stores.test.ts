import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type ExternalStore, createThrottledStore } from './recall-provider';

function createSource(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: ExternalStore<number> & { set(next: number): void; listeners: Set<() => void> } = {
    listeners,
    getSnapshot: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
  };
  return store;
}

describe('createThrottledStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('publishes at most once per window, with the latest snapshot', async () => {
    const source = createSource(0);
    const store = createThrottledStore(source, 50);
    const listener = vi.fn();
    store.subscribe(listener);
    for (let value = 1; value <= 100; value += 1) source.set(value);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(0); // the snapshot is throttled with the notification
    await vi.advanceTimersByTimeAsync(50);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(100);
  });

  test("'frame' uses requestAnimationFrame, and ~16 ms timers without it", async () => {
    const requestFrame = vi.fn((callback: FrameRequestCallback) => setTimeout(callback, 16));
    vi.stubGlobal('requestAnimationFrame', requestFrame);
    const source = createSource(0);
    const store = createThrottledStore(source, 'frame');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    source.set(1);
    source.set(2);
    expect(requestFrame).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(16);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    vi.unstubAllGlobals();

    vi.stubGlobal('requestAnimationFrame', undefined);
    const fallback = createThrottledStore(source, 'frame');
    const fallbackListener = vi.fn();
    fallback.subscribe(fallbackListener);
    source.set(3);
    await vi.advanceTimersByTimeAsync(15);
    expect(fallbackListener).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fallbackListener).toHaveBeenCalledTimes(1);
    expect(fallback.getSnapshot()).toBe(3);
    vi.unstubAllGlobals();
  });

  test('0 publishes every change at once', () => {
    const source = createSource(0);
    const store = createThrottledStore(source, 0);
    const listener = vi.fn();
    store.subscribe(listener);
    source.set(1);
    source.set(2);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toBe(2);
  });

  test('listens to the source only while it has listeners, and reads it directly otherwise', async () => {
    const source = createSource(0);
    const store = createThrottledStore(source, 50);
    expect(source.listeners.size).toBe(0);
    source.set(7);
    expect(store.getSnapshot()).toBe(7);
    const unsubscribe = store.subscribe(() => {});
    expect(source.listeners.size).toBe(1);
    source.set(8);
    unsubscribe();
    expect(source.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(vi.getTimerCount()).toBe(0); // the pending window was cancelled
    expect(store.getSnapshot()).toBe(8);
  });

  test('flush publishes at once; an unchanged snapshot notifies nobody', async () => {
    const source = createSource(0);
    const store = createThrottledStore(source, 50);
    const listener = vi.fn();
    store.subscribe(listener);
    source.set(1);
    store.flush();
    expect(listener).toHaveBeenCalledTimes(1);
    source.set(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
