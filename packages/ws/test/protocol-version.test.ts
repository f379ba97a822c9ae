import { afterEach, describe, expect, test } from 'vitest';
import { CLOSE_CODES } from '../src/protocol/close-codes';
import { PROTOCOL_VERSION } from '../src/protocol/protocol-version';
import { makeRecallSet } from './harness/fixtures';
import { openRawClient } from './harness/raw-client';
import { type TestServer, startTestServer } from './harness/test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve() {
  const server = await startTestServer();
  servers.push(server);
  await server.storage.saveRecallSet(makeRecallSet({ id: 'shared' }));
  return server;
}

describe('the protocol version (WebSocket subprotocol)', () => {
  test(`a client offering ${PROTOCOL_VERSION} gets it selected and is served`, async () => {
    const server = await serve();
    const client = await openRawClient(
      server.url({ recallSetId: 'shared', token: 'token-alice' }),
      {},
      ['recall.v9', PROTOCOL_VERSION],
    );
    expect(client.socket.protocol).toBe(PROTOCOL_VERSION);
    await client.waitForEvent('session_started');
    client.close();
  });

  test.each([
    ['no version at all', []],
    ['only versions it does not speak', ['recall.v1', 'graphql-ws']],
  ])(
    'offering %s is refused with an error naming the versions it speaks',
    async (_label, offered) => {
      const server = await serve();
      const client = await openRawClient(
        server.url({ recallSetId: 'shared', token: 'token-alice' }),
        {},
        offered,
      );
      const closed = await client.closed;
      expect(closed.code).toBe(CLOSE_CODES.UNSUPPORTED_PROTOCOL.code);
      expect(client.messages).toEqual([
        {
          type: 'error',
          code: 'UNSUPPORTED_PROTOCOL',
          message: expect.stringContaining(PROTOCOL_VERSION),
          retryable: false,
        },
      ]);
      // Nothing was started for it.
      expect(await server.storage.listSessions({ recallSetId: 'shared' })).toEqual([]);
    },
  );
});
