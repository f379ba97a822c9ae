import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type StorageAdapter, createRecallEngine, defineRecallSet } from '@recall/core';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { createScriptedLLM } from '@recall/core/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PostgresServer, startPostgresServer } from '../storage/postgres-server';
import { lacks } from '../../../../test/system-dependencies';
import { CELL_ENERGY, ofType } from './harness';
import { learnerText, missingContext, replyText, turnProblems } from './turn-log';

const here = dirname(fileURLToPath(import.meta.url));

/** What children/engine-node.ts prints, one JSON object a line. */
type NodeLine =
  | { type: 'ready' }
  | { type: 'accepted'; tag: string; status: string; lastSeq: number }
  | { type: 'rejected'; tag: string; code: string }
  | { type: 'turn-error'; code: string }
  | {
      type: 'done';
      conflicts: number;
      requests: Array<{ messages: Array<{ role: string; content: string }> }>;
    };

/** An engine node in its own Node process (source imports through tsx). */
function spawnEngineNode(spec: object) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@recall/source',
      '--import',
      'tsx',
      join(here, 'children', 'engine-node.ts'),
      JSON.stringify(spec),
    ],
    { cwd: join(here, '../../../..'), stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const lines: NodeLine[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (line) => lines.push(JSON.parse(line) as NodeLine));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    lines,
    send: (line: string) => child.stdin.write(`${line}\n`),
    /** Resolves with the first line of `type`; rejects if the child exits first. */
    async line<T extends NodeLine['type']>(type: T): Promise<Extract<NodeLine, { type: T }>> {
      const found = () => lines.find((line) => line.type === type);
      const exit = exited.then((code) => {
        throw new Error(`engine node exited (${code}) before "${type}":\n${stderr}`);
      });
      exit.catch(() => undefined);
      while (found() === undefined) {
        await Promise.race([new Promise((resolve) => reader.once('line', resolve)), exit]);
      }
      return found() as Extract<NodeLine, { type: T }>;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

let postgres: PostgresServer;
let connectionString: string;
let storage: StorageAdapter;

beforeAll(async () => {
  postgres = await startPostgresServer();
  connectionString = await postgres.createDatabase();
  storage = await createPostgresStorage({ connectionString });
}, 30_000);

afterAll(async () => {
  await storage?.close();
  await postgres?.stop();
});

describe.skipIf(lacks('postgres'))('two engine processes on one PostgreSQL (C5)', () => {
  test('simultaneous messages to one session from two processes: one turn at a time', async () => {
    const recallSet = defineRecallSet(CELL_ENERGY, { now: Date.now() - 1000 });
    await storage.saveRecallSet(recallSet);
    const starter = createRecallEngine({ storage, llm: createScriptedLLM() });
    const { sessionId } = await starter.startSession(recallSet.id);
    await starter.whenIdle(sessionId);
    await starter.close();

    const common = { connectionString, sessionId, intervalMs: 15, chunkDelayMs: 4 };
    const tags = (name: string) => [0, 1, 2].map((index) => `${name}${index}`);
    const nodes = ['A', 'B'].map((name) => spawnEngineNode({ ...common, name, tags: tags(name) }));
    try {
      await Promise.all(nodes.map((node) => node.line('ready')));
      for (const node of nodes) node.send('go');
      const done = await Promise.all(nodes.map((node) => node.line('done')));

      const lines = nodes.flatMap((node) => node.lines);
      expect(
        lines.filter((line) => line.type === 'rejected' || line.type === 'turn-error'),
      ).toEqual([]);
      expect(lines.flatMap((line) => (line.type === 'accepted' ? [line.status] : []))).toEqual(
        Array(6).fill('accepted'),
      );
      const events = await storage.read(sessionId);
      expect(turnProblems(events)).toEqual([]);
      const messages = ofType(events, 'user_message');
      expect(messages).toHaveLength(6);
      for (const message of messages) {
        const tag = /\[msg-([^\]]+)\]/.exec(message.data.content)![1]!;
        const start = events.find(
          (event) => event.type === 'assistant_streaming_start' && event.turnId === message.turnId,
        )!;
        const reply = ofType(events, 'assistant_message').find(
          (event) => event.responseId === start.responseId,
        );
        expect(reply?.data.content).toBe(replyText(tag));
      }
      for (const name of ['A', 'B']) {
        expect(
          messages.map((event) => event.data.content).filter((text) => text.includes(`-${name}`)),
        ).toEqual(tags(name).map(learnerText));
      }
      expect(
        missingContext(
          events,
          done.flatMap((line) => line.requests),
        ),
      ).toEqual([]);
    } finally {
      for (const node of nodes) node.kill();
    }
  }, 30_000);
});
