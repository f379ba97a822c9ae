import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SqlExecutor } from '../sql/sql-executor';
import type { NodeConnection } from './node-connection';
import { Notifier, watchPeers } from './notifier';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A node connection whose client records each statement, failing while `down`. */
function fakeNode() {
  const sent: unknown[][] = [];
  const state = { down: false, reconnects: 0 };
  const client = {
    query: async (_text: string, params: unknown[]) => {
      if (state.down) throw new Error('connection lost');
      sent.push(params);
      return { rows: [] };
    },
  };
  const node = {
    connection: async () => client,
    reconnectSoon: () => {
      state.reconnects += 1;
    },
  } as unknown as NodeConnection;
  return { node, sent, state };
}

describe('Notifier', () => {
  test('notices of one window leave in one statement, the latest per session', async () => {
    const { node, sent } = fakeNode();
    const notifier = new Notifier({ node, channel: 'recall_events', coalesceMs: 20 });
    notifier.notify('s1', '3:s1');
    notifier.notify('s2', '7:s2');
    notifier.notify('s1', '5:s1');
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(sent).toEqual([['recall_events', ['7:s2', '5:s1']]]);
    notifier.notify('s1', '9:s1');
    await vi.advanceTimersByTimeAsync(20);
    expect(sent).toHaveLength(2);
    expect(notifier.pending).toBe(false);
  });

  test('notices that could not be sent are kept, and sent once the connection is back', async () => {
    const { node, sent, state } = fakeNode();
    const notifier = new Notifier({ node, channel: 'recall_events', coalesceMs: 20 });
    state.down = true;
    notifier.notify('s1', '3:s1');
    await vi.advanceTimersByTimeAsync(20);
    expect(state.reconnects).toBe(1);
    expect(notifier.pending).toBe(true);
    // A newer notice of the same session replaces the kept one.
    notifier.notify('s1', '4:s1');
    state.down = false;
    await vi.advanceTimersByTimeAsync(40);
    expect(sent).toEqual([['recall_events', ['4:s1']]]);
    expect(notifier.pending).toBe(false);
  });

  test('close sends what is pending at once', async () => {
    const { node, sent } = fakeNode();
    const notifier = new Notifier({ node, channel: 'recall_events', coalesceMs: 1_000 });
    notifier.notify('s1', '3:s1');
    await notifier.close();
    expect(sent).toEqual([['recall_events', ['3:s1']]]);
    notifier.notify('s1', '4:s1');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toHaveLength(1);
  });
});

describe('watchPeers', () => {
  test('a node lock that goes away makes subscribers look again; a new one does not', async () => {
    const answers = [
      ['1', '2'],
      ['1', '2', '3'],
      ['1', '3'],
      ['1', '3'],
    ];
    const executor = {
      query: async () => [{ keys: answers.shift() ?? ['1', '3'] }],
    } as unknown as SqlExecutor;
    const gone = vi.fn();
    let active = true;
    const stop = watchPeers({
      executor,
      intervalMs: 5_000,
      active: () => active,
      onPeerGone: gone,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gone).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gone).toHaveBeenCalledTimes(1);
    // Nobody subscribed: no statement at all.
    active = false;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(answers).toEqual([]);
    stop();
  });
});
