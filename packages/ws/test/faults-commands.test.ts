import { afterEach, describe, expect, test } from 'vitest';
import type { RecallClient } from '../src/client/client-options';
import {
  createMemoryClientStorage,
  createTestClient,
  messagesOf,
  waitForSnapshot,
} from './harness/client-helpers';
import { makeRecallSet } from './harness/fixtures';
import { waitForConvergence } from './harness/oracle';
import { type FaultProxy, startFaultProxy } from './harness/tcp-proxy';
import { startTestServer, type TestServer } from './harness/test-server';

const servers: TestServer[] = [];
const proxies: FaultProxy[] = [];
const clients: RecallClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setup(
  clientOptions: { storage?: ReturnType<typeof createMemoryClientStorage> } = {},
) {
  const server = await startTestServer({ heartbeatIntervalMs: 0 });
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  const proxy = await startFaultProxy(server.port);
  proxies.push(proxy);
  const client = createTestClient({
    url: `ws://127.0.0.1:${proxy.port}/ws`,
    recallSetId: 'shared',
    userToken: 'token-alice',
    ...clientOptions,
  });
  clients.push(client);
  await waitForSnapshot(client, (snapshot) => snapshot.status === 'active');
  return { server, proxy, client, feed: server.feed! };
}

async function storedClientMessageIds(server: TestServer, sessionId: string): Promise<string[]> {
  const events = await server.storage.read(sessionId);
  return events.flatMap((event) =>
    event.type === 'user_message' && event.data.clientMessageId !== undefined
      ? [event.data.clientMessageId]
      : [],
  );
}

describe('commands survive faults exactly once', () => {
  test('C1 ack lost: the command is resent with the same id, re-acked, processed once', async () => {
    const { server, proxy, client, feed } = await setup();
    const sessionId = client.getSnapshot().session.sessionId;
    proxy.dropDirection('s2c');
    const id = client.sendMessage('the ack of this one is lost');
    await expect.poll(() => storedClientMessageIds(server, sessionId)).toEqual([id]);
    expect(client.getSnapshot().outbox).toBe(1);
    proxy.cutAll();
    proxy.heal();
    await waitForConvergence(client, server.storage, { sentClientMessageIds: [id] });
    expect(feed.commands.filter((command) => command.clientMessageId === id)).toHaveLength(1);
    expect(
      messagesOf(client.getSnapshot()).filter((message) => message.role === 'user'),
    ).toHaveLength(1);
  });

  test('C2 command never arrived: resent after reconnect and processed once', async () => {
    const { server, proxy, client } = await setup();
    const sessionId = client.getSnapshot().session.sessionId;
    proxy.dropDirection('c2s');
    const id = client.sendMessage('this one is lost on the way');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedClientMessageIds(server, sessionId)).toEqual([]);
    proxy.cutAll();
    proxy.heal();
    await waitForConvergence(client, server.storage, { sentClientMessageIds: [id] });
  });

  test('C3 typed while offline: shown at once, sent in order on reconnect, each processed once', async () => {
    const { server, proxy, client, feed } = await setup();
    proxy.refuse();
    proxy.cutAll();
    await waitForSnapshot(client, (snapshot) => snapshot.connection === 'reconnecting');
    const ids = ['first', 'second', 'third'].map((text) => client.sendMessage(text));
    const offline = client.getSnapshot();
    expect(offline.outbox).toBe(3);
    expect(
      messagesOf(offline)
        .slice(-3)
        .map((message) => [message.content, message.status]),
    ).toEqual([
      ['first', 'pending'],
      ['second', 'pending'],
      ['third', 'pending'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.heal();
    await waitForConvergence(client, server.storage, { sentClientMessageIds: ids });
    expect(feed.commands.map((command) => command.clientMessageId)).toEqual(ids);
  });

  test('T6 page reload: a new client over the same storage resumes the session and resends the outbox once', async () => {
    const storage = createMemoryClientStorage();
    const { server, proxy, client, feed } = await setup({ storage });
    const sessionId = client.getSnapshot().session.sessionId;
    const delivered = client.sendMessage('delivered before the reload');
    await waitForSnapshot(client, (snapshot) => snapshot.outbox === 0);
    proxy.dropDirection('s2c');
    const unacked = client.sendMessage('acked only after the reload');
    await expect.poll(() => storedClientMessageIds(server, sessionId ?? '')).toContain(unacked);
    client.close();
    proxy.heal();

    const reloaded = createTestClient({
      url: `ws://127.0.0.1:${proxy.port}/ws`,
      recallSetId: 'shared',
      userToken: 'token-alice',
      storage,
    });
    clients.push(reloaded);
    expect(reloaded.getSnapshot().session.sessionId).toBe(sessionId);
    expect(reloaded.getSnapshot().outbox).toBe(1);
    const converged = await waitForConvergence(reloaded, server.storage, {
      sentClientMessageIds: [delivered, unacked],
    });
    expect(
      messagesOf(converged)
        .filter((message) => message.role === 'user')
        .map((message) => message.content),
    ).toEqual(['delivered before the reload', 'acked only after the reload']);
    expect(feed.commands.filter((command) => command.clientMessageId === unacked)).toHaveLength(1);
    expect(
      server.logs.filter((entry) => entry.message === 'connected').at(-1)?.fields,
    ).toMatchObject({ sessionId, afterSeq: 0 });
  });

  test('T13 two tabs on one session: commands serialized, both end with the same state', async () => {
    const { server, client, feed } = await setup();
    const sessionId = client.getSnapshot().session.sessionId;
    const second = createTestClient({
      url: `ws://127.0.0.1:${server.port}/ws`,
      sessionId,
      userToken: 'token-alice',
    });
    clients.push(second);
    await waitForSnapshot(second, (snapshot) => snapshot.connection === 'open');
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(client.sendMessage(`tab one ${index}`), second.sendMessage(`tab two ${index}`));
    }
    await waitForConvergence(client, server.storage, { sentClientMessageIds: ids });
    await waitForConvergence(second, server.storage, { sentClientMessageIds: ids });
    expect(feed.commands).toHaveLength(10);
  });
});
