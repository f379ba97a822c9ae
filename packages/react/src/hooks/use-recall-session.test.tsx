import { createMemoryStorage, createRecallEngine } from '@recall/core';
import { createScriptedLLM } from '@recall/core/testing';
import type { WebSocketLike } from '@recall/ws';
import { createInProcessTransport } from '@recall/ws/testing';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RECORDED_RECALL_SET } from '../testing/recorded-session';
import { type UseRecallSessionOptions, useRecallSession } from './use-recall-session';

const SECOND_SET = { ...RECORDED_RECALL_SET, id: 'set-second', name: 'Second set' };
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

/** A real engine behind the in-process transport, with a model that counts its calls. */
async function serve() {
  const llm = createScriptedLLM({ tutor: () => 'What does chlorophyll do?' });
  const storage = createMemoryStorage();
  await storage.saveRecallSet(RECORDED_RECALL_SET);
  await storage.saveRecallSet(SECOND_SET);
  const engine = createRecallEngine({ storage, llm });
  const transport = createInProcessTransport({ engine });
  cleanups.push(() => engine.close());
  const options = (recallSetId: string, extra: Partial<UseRecallSessionOptions> = {}) =>
    ({
      url: transport.url,
      recallSetId,
      WebSocket: transport.WebSocket,
      storage: null,
      throttleMs: 0,
      ...extra,
    }) as UseRecallSessionOptions;
  const sessionsOf = async (recallSetId: string) =>
    (await storage.listSessions()).filter((session) => session.recallSetId === recallSetId);
  return { llm, engine, transport, storage, options, sessionsOf };
}

/**
 * Waits for an outcome (a socket opening, a session resuming), not for a time: on a busy
 * machine connecting alone can take longer than Testing Library's default second.
 */
function settle<T>(check: () => T | Promise<T>): Promise<T> {
  return waitFor(check, { timeout: 10_000 });
}

function ServerScreen(props: { options: UseRecallSessionOptions }) {
  const session = useRecallSession(props.options);
  return <p>{`${session.status}/${session.connection}`}</p>;
}

describe('useRecallSession({ url, recallSetId }) owns its client', { timeout: 30_000 }, () => {
  test('StrictMode double mount: one connection, one session, one opening', async () => {
    const server = await serve();
    const { result } = renderHook(() => useRecallSession(server.options(RECORDED_RECALL_SET.id)), {
      reactStrictMode: true,
    });
    await settle(() => expect(result.current.status).toBe('active'));
    await settle(() => expect(result.current.timeline.length).toBeGreaterThan(0));
    expect(server.transport.connectionCount).toBe(1);
    expect(await server.sessionsOf(RECORDED_RECALL_SET.id)).toHaveLength(1);
    expect(server.llm.requestsOf('tutor')).toHaveLength(1);
    expect(result.current.session.recallSetName).toBe(RECORDED_RECALL_SET.name);
  });

  test('a quick remount takes the same client back: no model call; later unmount pauses', async () => {
    const server = await serve();
    const options = server.options(RECORDED_RECALL_SET.id, { leaveAfterUnmountMs: 50 });
    const first = renderHook(() => useRecallSession(options));
    await settle(() => expect(first.result.current.status).toBe('active'));
    await settle(() => expect(first.result.current.timeline.length).toBeGreaterThan(0));
    const calls = server.llm.requests.length;
    const client = first.result.current.client;
    first.unmount();
    const second = renderHook(() => useRecallSession(options));
    await settle(() => expect(second.result.current.client).toBe(client));
    expect(second.result.current.status).toBe('active');
    expect(server.transport.connectionCount).toBe(1);
    expect(server.llm.requests.length).toBe(calls);

    const { sessionId } = second.result.current.session;
    second.unmount();
    await settle(async () =>
      expect((await server.engine.getSessionState(sessionId)).status).toBe('paused'),
    );
    await settle(() => expect(server.transport.connectionCount).toBe(0));
    expect(server.llm.requests.length).toBe(calls);
    expect(server.transport.received.map((message) => message.type)).toContain('leave_session');
  });

  test('a mount while the previous client is leaving connects once it left, and resumes', async () => {
    const server = await serve();
    const options = server.options(RECORDED_RECALL_SET.id, { leaveAfterUnmountMs: 0 });
    const first = renderHook(() => useRecallSession(options));
    await settle(() => expect(first.result.current.status).toBe('active'));
    const { sessionId } = first.result.current.session;
    first.unmount();
    await settle(() =>
      expect(server.transport.received.some((message) => message.type === 'leave_session')).toBe(
        true,
      ),
    );
    const second = renderHook(() => useRecallSession(options));
    await settle(() => expect(second.result.current.status).toBe('active'));
    expect(second.result.current.session.sessionId).toBe(sessionId);
    // One status vocabulary: the snapshot's own.
    expect(second.result.current.session).not.toHaveProperty('status');
    expect(server.transport.connectionCount).toBe(1);
    expect(await server.sessionsOf(RECORDED_RECALL_SET.id)).toHaveLength(1);
  });

  test('changing recallSetId opens the other set at once and leaves the first one', async () => {
    const server = await serve();
    const { result, rerender } = renderHook(
      ({ recallSetId }) =>
        useRecallSession(server.options(recallSetId, { leaveAfterUnmountMs: 0 })),
      { initialProps: { recallSetId: RECORDED_RECALL_SET.id } },
    );
    await settle(() => expect(result.current.status).toBe('active'));
    const firstClient = result.current.client;
    const firstSessionId = result.current.session.sessionId;
    rerender({ recallSetId: SECOND_SET.id });
    expect(result.current.client).not.toBe(firstClient);
    expect(result.current.status).toBe('connecting');
    await settle(() => expect(result.current.session.recallSetName).toBe(SECOND_SET.name));
    await settle(async () =>
      expect((await server.engine.getSessionState(firstSessionId)).status).toBe('paused'),
    );
    expect(await server.sessionsOf(SECOND_SET.id)).toHaveLength(1);
    expect(firstClient.getSnapshot().connection).toBe('closed');
  });

  test('renders on the server without connecting', async () => {
    const server = await serve();
    const html = renderToString(<ServerScreen options={server.options(RECORDED_RECALL_SET.id)} />);
    expect(html).toContain('connecting/idle');
    await Promise.resolve();
    expect(server.transport.connectionCount).toBe(0);
    expect(await server.sessionsOf(RECORDED_RECALL_SET.id)).toHaveLength(0);
  });
});

/** A server that refuses every connection for being rate-limited, with `retryAfterMs`. */
function refusingServer(retryAfterMs: number) {
  const urls: string[] = [];
  class RefusingSocket implements WebSocketLike {
    readyState = 0;
    onopen: WebSocketLike['onopen'] = null;
    onmessage: WebSocketLike['onmessage'] = null;
    onclose: WebSocketLike['onclose'] = null;
    onerror: WebSocketLike['onerror'] = null;
    constructor(url: string) {
      urls.push(url);
      queueMicrotask(() => {
        this.readyState = 1;
        this.onopen?.({});
        const refusal = { type: 'error', code: 'RATE_LIMITED', message: 'Slow down.' };
        this.onmessage?.({ data: JSON.stringify({ ...refusal, retryable: true, retryAfterMs }) });
        this.readyState = 3;
        this.onclose?.({ code: 4029, reason: 'RATE_LIMITED' });
      });
    }
    send() {}
    close() {
      this.readyState = 3;
    }
  }
  return { urls, WebSocket: RefusingSocket };
}

describe('useRecallSession: authentication and refusals', { timeout: 30_000 }, () => {
  test("sends a token in the URL (no headers), and waits out the server's retryAfterMs", async () => {
    vi.useFakeTimers();
    const server = refusingServer(120_000);
    const { result } = renderHook(() =>
      useRecallSession({
        url: 'wss://app.example/ws',
        recallSetId: 'set-photosynthesis',
        userToken: 'short-lived-token',
        WebSocket: server.WebSocket,
        storage: null,
        random: () => 0.5,
        throttleMs: 0,
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.urls).toHaveLength(1);
    const url = new URL(server.urls[0]!);
    expect(url.searchParams.get('token')).toBe('short-lived-token');
    expect(url.searchParams.get('recallSetId')).toBe('set-photosynthesis');
    expect(result.current.connection).toBe('reconnecting');
    expect(result.current.lastError).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 120_000 });
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(server.urls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(server.urls).toHaveLength(2);
  });
});
