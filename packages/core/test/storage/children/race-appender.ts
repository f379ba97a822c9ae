// Races another process on one session: for every n it tries append(expectedSeq = n) with its
// own event. Waits for `go` on stdin so both start together; prints a JSON summary.
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { ConcurrencyError } from '@recall/core';
import { createEventContext } from '@recall/core/testing';
import { openStorage, readSpec, report, type StorageSpec } from './open-storage';

const spec = readSpec<StorageSpec & { sessionId: string; rounds: number; name: string }>();
const storage = await openStorage(spec);
report('ready');
await new Promise<void>((resolve) => {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'go') resolve();
  });
});
const won: { seq: number; id: string }[] = [];
let conflicts = 0;
for (let n = 0; n < spec.rounds; n += 1) {
  const context = createEventContext({
    clock: Date.now,
    ids: randomUUID,
  });
  const event = context.build('user_message', { content: `${spec.name} ${n}` });
  try {
    await storage.append(spec.sessionId, [event], { expectedSeq: n });
    won.push({ seq: n + 1, id: event.id });
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    conflicts += 1;
  }
}
await storage.close();
report(JSON.stringify({ won, conflicts }));
process.exit(0);
