import { type StorageAdapter, createRecallEngine, defineRecallSet } from '@recall/core';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { createScriptedLLM } from '@recall/core/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnChildScript } from '../storage/child-process';
import { type PostgresServer, startPostgresServer } from '../storage/postgres-server';
import { CELL_ENERGY, ofType } from './harness';
import { learnerText, turnProblems } from './turn-log';
import { lacks } from '../../../../test/system-dependencies';

// Skipped, after one line saying why, where no PostgreSQL binaries can be found (never on CI).
describe.skipIf(lacks('postgres'))('a node killed mid-turn on PostgreSQL (X28)', () => {
  let postgres: PostgresServer;
  let storage: StorageAdapter;
  let connectionString: string;

  beforeAll(async () => {
    postgres = await startPostgresServer();
    connectionString = await postgres.createDatabase();
    storage = await createPostgresStorage({ connectionString });
  }, 30_000);

  afterAll(async () => {
    await storage?.close();
    await postgres?.stop();
  });

  /** Resolves with the promise's value, or with `'still waiting'` after `milliseconds`. */
  function within<T>(promise: Promise<T>, milliseconds: number): Promise<T | 'still waiting'> {
    return Promise.race([
      promise,
      new Promise<'still waiting'>((resolve) => setTimeout(resolve, milliseconds, 'still waiting')),
    ]);
  }

  test('its open turn holds the session while the node lives, and is taken over as soon as it is gone, not after orphanedResponseMs', async () => {
    const recallSet = defineRecallSet(CELL_ENERGY, { now: Date.now() - 1_000 });
    await storage.saveRecallSet(recallSet);
    const engine = createRecallEngine({
      storage,
      llm: createScriptedLLM(),
      config: { orphanedResponseMs: 60_000 },
    });
    const { sessionId } = await engine.startSession(recallSet.id);
    await engine.whenIdle(sessionId);

    const node = spawnChildScript('stuck-turn', { connectionString, sessionId });
    try {
      await node.waitForLine((line) => line === 'streaming');
      const sent = engine.sendUserMessage(sessionId, learnerText('B0'));
      // A live node's turn is never taken over.
      expect(await within(sent, 1_500)).toBe('still waiting');

      node.process.kill('SIGKILL');
      await node.exited;
      expect(await within(sent, 5_000)).toMatchObject({ status: 'accepted' });
      await engine.whenIdle(sessionId);

      const events = await storage.read(sessionId);
      expect(turnProblems(events)).toEqual([]);
      expect(events.slice(-6).map((event) => event.type)).toEqual([
        'assistant_streaming_end',
        'assistant_message',
        'user_message',
        'assistant_streaming_start',
        'assistant_streaming_end',
        'assistant_message',
      ]);
      const replies = ofType(events, 'assistant_message').slice(-2);
      expect(replies.map((reply) => reply.data.interrupted)).toEqual([true, undefined]);
    } finally {
      node.process.kill('SIGKILL');
      await engine.close();
    }
  }, 30_000);

  test('killed mid-reply with no command waiting: the nodes that take over finish its turn once', async () => {
    const recallSet = defineRecallSet(CELL_ENERGY, { now: Date.now() - 1_000 });
    await storage.saveRecallSet(recallSet);
    const opener = createRecallEngine({ storage, llm: createScriptedLLM() });
    const { sessionId } = await opener.startSession(recallSet.id, { userId: 'x28-finish' });
    await opener.whenIdle(sessionId);
    await opener.close();

    const node = spawnChildScript('stuck-turn', { connectionString, sessionId });
    await node.waitForLine((line) => line === 'streaming');
    node.process.kill('SIGKILL');
    await node.exited;

    // Two nodes load the session at once (two clients reconnecting): its dead writer's
    // advisory lock is gone, so each knows the turn was cut off; one finishes it.
    const llms = [createScriptedLLM(), createScriptedLLM()];
    const engines = llms.map((llm) => createRecallEngine({ storage, llm }));
    try {
      await Promise.all(engines.map((engine) => engine.getSessionState(sessionId)));
      await expect
        .poll(async () => ofType(await storage.read(sessionId), 'assistant_message').length, {
          timeout: 5_000,
        })
        .toBe(3);
      await Promise.all(engines.map((engine) => engine.whenIdle(sessionId)));
      const events = await storage.read(sessionId);
      expect(turnProblems(events)).toEqual([]);
      const replies = ofType(events, 'assistant_message').slice(1);
      expect(replies.map((reply) => reply.data.interrupted)).toEqual([true, undefined]);
      expect(llms.map((llm) => llm.requestsOf('tutor').length).sort()).toEqual([0, 1]);
      expect(events.at(-1)?.commandId).toMatch(/^recall:finish:/);
    } finally {
      node.process.kill('SIGKILL');
      await Promise.all(engines.map((engine) => engine.close()));
    }
  }, 30_000);
});
