import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMemoryStorage,
  defineRecallSet,
  type RecallEngine,
  RecallError,
  type StorageAdapter,
} from '@recall/core';
import { createPGliteStorage } from '@recall/core/storage/pglite';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PostgresServer, startPostgresServer } from '../../core/test/storage/postgres-server';
import { lacks } from '../../../test/system-dependencies';
import { createEngineSetup } from './harness/engine-setup';
import { openRawClient, upgradeStatus } from './harness/raw-client';
import { startTestServer, type TestServer } from './harness/test-server';

let postgres: PostgresServer;
const cleanups: Array<() => Promise<void> | void> = [];

// PostgreSQL's row is skipped, after one line saying why, where no server binaries can be found
// (never on CI).
const withoutPostgres = lacks('postgres');

beforeAll(async () => {
  if (!withoutPostgres) postgres = await startPostgresServer();
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await postgres?.stop();
});

const STORAGES: Array<[string, () => Promise<StorageAdapter>]> = [
  ['memory', async () => createMemoryStorage()],
  [
    'PGlite',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'recall-text-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return createPGliteStorage({ dataDir });
    },
  ],
  ...(withoutPostgres
    ? []
    : [
        [
          'PostgreSQL',
          async () => createPostgresStorage({ connectionString: await postgres.createDatabase() }),
        ] as [string, () => Promise<StorageAdapter>],
      ]),
];

/** The tutor's reply: a NUL, a lone surrogate, and an emoji whose pair is split across chunks. */
const DIRTY_REPLY = ['Tutor\u0000 says ', '\ud800 hi ', '🧬'.slice(0, 1), '🧬'.slice(1), '.'];
const CLEAN_REPLY = 'Tutor says \ufffd hi 🧬.';
const SET_ID = 'cell-energy';
const UNSTORABLE = 'Must not contain a NUL character (U+0000) or an unpaired UTF-16 surrogate.';

describe.each(STORAGES)('unstorable text on %s storage (X23, X24)', (_name, open) => {
  let server: TestServer;
  let engine: RecallEngine;
  let storage: StorageAdapter;

  beforeAll(async () => {
    storage = await open();
    const setup = await createEngineSetup({ storage, tutor: () => ({ chunks: DIRTY_REPLY }) });
    engine = setup.engine;
    server = await startTestServer({ engine, storage });
    cleanups.push(async () => {
      await server.close();
      await storage.close();
    });
  }, 60_000);

  test('the protocol refuses NUL, lone surrogates and invisible-only text, naming the field; the session goes on', async () => {
    const client = await openRawClient(server.url({ recallSetId: SET_ID, token: 'token-alice' }));
    await client.waitForEvent('session_started');
    const refused = [
      [{ type: 'user_message', content: 'ATP\u0000', clientMessageId: 'nul' }, 'content'],
      [{ type: 'user_message', content: 'x\udc00', clientMessageId: 'lone' }, 'content'],
      [{ type: 'user_message', content: 'ok', clientMessageId: 'id\u0000' }, 'clientMessageId'],
    ] as const;
    for (const [message, field] of refused) {
      client.send(message);
      const error = await client.waitFor(
        (reply) =>
          reply.type === 'error' &&
          'clientMessageId' in reply &&
          reply.clientMessageId === message.clientMessageId,
      );
      expect(error).toMatchObject({ code: 'INVALID_MESSAGE', message: `${field}: ${UNSTORABLE}` });
    }
    client.send({ type: 'user_message', content: '\u200b\ufeff', clientMessageId: 'blank' });
    const blank = await client.waitFor(
      (reply) =>
        reply.type === 'error' && 'clientMessageId' in reply && reply.clientMessageId === 'blank',
    );
    expect(blank).toMatchObject({ code: 'INVALID_MESSAGE' });

    // Nothing reached storage, and a normal message is still acknowledged and answered.
    client.send({ type: 'user_message', content: 'RECALL-p1 ATP synthase', clientMessageId: 'ok' });
    await client.waitFor((reply) => reply.type === 'ack' && reply.clientMessageId === 'ok');
    await client.waitForEvent(
      'assistant_streaming_end',
      (event) => event.data.fullContent === CLEAN_REPLY,
    );
    client.close();
  });

  test('the engine refuses the same text from a direct caller with a typed RecallError', async () => {
    const { sessionId } = await engine.startSession(SET_ID, { userId: 'carol' });
    const attempts: Array<[Promise<unknown>, string]> = [
      [engine.sendUserMessage(sessionId, 'a\u0000b'), 'content'],
      [engine.sendUserMessage(sessionId, '\u2060\u200b'), 'content'],
      [engine.sendUserMessage(sessionId, 'fine', { clientMessageId: '\ud83d' }), 'clientMessageId'],
      [engine.leaveSession(`${sessionId}\u0000`), 'sessionId'],
      [engine.startSession(SET_ID, { userId: 'eve\u0000' }), 'userId'],
    ];
    for (const [attempt, field] of attempts) {
      const error = await attempt.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(RecallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'INVALID_MESSAGE', retryable: false });
      expect((error as RecallError).message.startsWith(`${field}: `)).toBe(true);
    }
    await engine.whenIdle(sessionId);
  });

  test('model output is cleaned before it is stored; the log holds no NUL or lone surrogate', async () => {
    const stored = await storage.listSessions({ userId: 'alice' });
    const events = await storage.read(stored[0]?.id ?? '');
    const replies = events.flatMap((event) =>
      event.type === 'assistant_message' ? [event.data.content] : [],
    );
    expect(replies.length).toBeGreaterThan(0);
    expect(new Set(replies)).toEqual(new Set([CLEAN_REPLY]));
    const text = JSON.stringify(events);
    expect(text).not.toContain('\\u0000');
    expect(text).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i);
  });

  test('recall-set text is cleaned on save, the same on every storage', async () => {
    const dirty = defineRecallSet(
      {
        id: 'dirty-set',
        name: 'Bad\u0000 name',
        description: 'Lone \udbff surrogate',
        points: [{ id: 'd1', content: 'Point\u0000 one', context: 'ctx\ud800' }],
      },
      { now: Date.now() },
    );
    await storage.saveRecallSet(dirty);
    const saved = await storage.getRecallSet('dirty-set');
    expect(saved).toMatchObject({
      name: 'Bad name',
      description: 'Lone \ufffd surrogate',
      points: [{ content: 'Point one', context: 'ctx\ufffd' }],
    });
  });

  test('an id with %00 on the upgrade is refused with 400 before any WebSocket, not closed with 1011', async () => {
    for (const query of ['sessionId=%00', 'recallSetId=%00', 'sessionId=abc%00def&afterSeq=0']) {
      const url = `ws://127.0.0.1:${server.port}/ws?${query}&token=token-alice`;
      expect(await upgradeStatus(url)).toBe(400);
    }
    expect(server.logs.some((entry) => entry.level === 'error')).toBe(false);
  });
});
