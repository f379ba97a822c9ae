// One engine "node" on a shared PostgreSQL: waits for `go` on stdin, then sends its learner
// messages to one session in order (each `intervalMs` after the previous was acknowledged,
// resending one refused with SESSION_BUSY), waits for its queue to drain and prints one JSON
// line per outcome, its tutor requests, then `done`.
import { createInterface } from 'node:readline';
import {
  ConcurrencyError,
  type StorageAdapter,
  createRecallEngine,
  toRecallError,
} from '@recall/core';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { createScriptedLLM } from '@recall/core/testing';
import { latestTag, learnerText, replyText, sendWhenAdmitted } from '../turn-log';

interface Spec {
  connectionString: string;
  sessionId: string;
  name: string;
  tags: string[];
  intervalMs: number;
  chunkDelayMs: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as Spec;
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const shared = await createPostgresStorage({ connectionString: spec.connectionString });
let conflicts = 0;
// Counts the appends this node lost to the other one.
const storage: StorageAdapter = {
  ...shared,
  async append(sessionId, events, options) {
    try {
      return await shared.append(sessionId, events, options);
    } catch (error) {
      if (error instanceof ConcurrencyError) conflicts += 1;
      throw error;
    }
  },
};
const llm = createScriptedLLM({
  latencyMs: { tutor: 3, evaluator: 5, detector: 2 },
  chunkDelayMs: spec.chunkDelayMs,
  tutor: (request) => replyText(latestTag(request.messages) ?? 'none'),
});
let counter = 0;
const engine = createRecallEngine({
  storage,
  llm,
  ids: () => `${spec.name}-${process.pid}-${++counter}`,
});
engine.on('error', ({ error }) => print({ type: 'turn-error', code: error.code }));
await engine.getSessionState(spec.sessionId);
print({ type: 'ready' });
await new Promise<void>((resolve) => {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'go') resolve();
  });
});
for (const [index, tag] of spec.tags.entries()) {
  if (index > 0) await new Promise((resolve) => setTimeout(resolve, spec.intervalMs));
  try {
    const result = await sendWhenAdmitted(engine, spec.sessionId, learnerText(tag), {
      clientMessageId: `${tag}-id`,
    });
    print({ type: 'accepted', tag, status: result.status, lastSeq: result.lastSeq });
  } catch (error) {
    print({ type: 'rejected', tag, code: toRecallError(error).code });
  }
}
await engine.whenIdle(spec.sessionId);
const requests = llm.requestsOf('tutor').map((request) => ({ messages: request.messages }));
print({ type: 'done', conflicts, requests });
await engine.close();
await shared.close();
process.exit(0);
