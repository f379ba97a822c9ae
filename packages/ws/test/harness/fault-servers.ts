import { afterEach } from 'vitest';
import { WebSocket } from 'ws';
import type { RecallClient } from '../../src/client/client-options';
import { createRecallClient } from '../../src/client/create-recall-client';
import { type createTestClient, FAST_CLIENT_OPTIONS } from './client-helpers';
import type { PublishedEvent } from './feed-engine';
import { makeRecallSet } from './fixtures';
import { type FaultProxy, startFaultProxy } from './tcp-proxy';
import { startTestServer, type TestServer } from './test-server';

// Servers behind fault proxies and probed clients, for the transport fault tests
// (faults-transport.test.ts, faults-shutdown-storm.test.ts).

/**
 * Servers (holding the recall set `shared`), fault proxies and clients, closed after each test
 * of the calling file (call at its top level).
 */
export function useFaultServers() {
  const servers: TestServer[] = [];
  const proxies: FaultProxy[] = [];
  const clients: RecallClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function serve(options: Parameters<typeof startTestServer>[0] = {}) {
    const server = await startTestServer({ heartbeatIntervalMs: 0, ...options });
    servers.push(server);
    await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
    return server;
  }

  async function proxyTo(port: number) {
    const proxy = await startFaultProxy(port);
    proxies.push(proxy);
    return proxy;
  }

  /** A client whose every received frame is recorded (the probe of the applied trace). */
  function probedClient(url: string, extra: Partial<Parameters<typeof createTestClient>[0]> = {}) {
    const frames: unknown[] = [];
    const closeCodes: number[] = [];
    /** How many frames had arrived when each socket closed. */
    const framesAtClose: number[] = [];
    class ProbeWebSocket extends WebSocket {
      constructor(address: string, protocols?: string[]) {
        super(address, protocols);
        this.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
        this.addEventListener('close', (event) => {
          closeCodes.push(event.code);
          framesAtClose.push(frames.length);
        });
      }
    }
    const client = createRecallClient({
      url,
      recallSetId: 'shared',
      userToken: 'token-alice',
      storage: null,
      ...FAST_CLIENT_OPTIONS,
      ...extra,
      WebSocket: ProbeWebSocket,
    });
    clients.push(client);
    return { client, frames, closeCodes, framesAtClose };
  }

  return { clients, serve, proxyTo, probedClient };
}

export function resourceEvents(count: number, snippet = 'snippet'): PublishedEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'show_resource' as const,
    data: { resourceId: `r${index}`, title: `Resource ${index}`, snippet },
  }));
}

export function bigResponse(index: number, size: number): PublishedEvent {
  return {
    type: 'assistant_streaming_end',
    data: {
      responseId: `response-${index}`,
      fullContent: `${index}:${'x'.repeat(size)}`,
      totalChunks: 1,
    },
  };
}
