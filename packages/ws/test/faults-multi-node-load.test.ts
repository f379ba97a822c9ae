import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PostgresServer, startPostgresServer } from '../../core/test/storage/postgres-server';
import { lacks } from '../../../test/system-dependencies';
import { startChild } from '../../../bench/scale/child';
import type { LoadSpec } from '../../../bench/scale/load';
import type { ServerSpec } from '../../../bench/scale/server';

// Two nodes driven by the test harness (M1–M4): faults-multi-node.test.ts.
const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

let postgres: PostgresServer;
const withoutPostgres = lacks('postgres');

beforeAll(async () => {
  postgres = await startPostgresServer();
}, 60_000);

afterAll(async () => {
  await postgres?.stop();
});

describe.skipIf(withoutPostgres)('two server processes under the benchmark load (M5)', () => {
  test('40 learners spread over two nodes on one PostgreSQL, each also watched from the other node: every client gets every event once and in order', async () => {
    const connection = await postgres.createDatabase();
    const script = (name: string) => join(repositoryRoot, 'bench', 'scale', name);
    const serverSpec = (saveRecallSet: boolean): ServerSpec => ({
      storage: 'postgres',
      connectionString: connection,
      saveRecallSet,
    });
    const first = startChild(script('server.ts'), [JSON.stringify(serverSpec(true))]);
    const children = [first];
    const scratch = mkdtempSync(join(tmpdir(), 'recall-two-nodes-'));
    try {
      const firstPort = Number(await first.next('ready ', 60_000));
      const second = startChild(script('server.ts'), [JSON.stringify(serverSpec(false))]);
      children.push(second);
      const secondPort = Number(await second.next('ready ', 60_000));
      const spec: LoadSpec = {
        ports: [firstPort, secondPort],
        observe: true,
        learners: 40,
        turns: 3,
        connectConcurrency: 16,
        connectTimeoutMs: 30_000,
        turnTimeoutMs: 15_000,
        seqFile: join(scratch, 'seqs.json'),
      };
      const load = startChild(script('load.ts'), [JSON.stringify(spec)]);
      children.push(load);
      const started = JSON.parse(await load.next('started ', 60_000)) as { greeted: number };
      expect(started.greeted).toBe(40);
      load.send('go');
      const finished = JSON.parse(await load.next('finished ', 60_000)) as {
        turnsSent: number;
        turnsEnded: number;
        refusals: Record<string, number>;
      };
      expect(finished).toMatchObject({ turnsSent: 120, turnsEnded: 120, refusals: {} });
      // Learners' and watchers' seqs against the log, read through the first node.
      first.send(`verify ${spec.seqFile}`);
      const check = JSON.parse(await first.next('verified ', 60_000)) as Record<string, number>;
      expect(check).toEqual({
        sessions: 80,
        lost: 0,
        tail: 0,
        duplicated: 0,
        outOfOrder: 0,
        unexpected: 0,
        missingLogs: 0,
      });
      load.send('exit');
    } finally {
      for (const child of children) child.kill();
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
