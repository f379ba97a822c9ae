// Appends batches to one session in a loop, printing `ack <seq>` after each acknowledged
// append. Stops after `count` events (if given) and exits; otherwise runs until killed.
import { randomUUID } from 'node:crypto';
import { createEventContext } from '@recall/core/testing';
import { openStorage, readSpec, report, type StorageSpec } from './open-storage';

const spec = readSpec<StorageSpec & { sessionId: string; count?: number; maxBatch?: number }>();
const storage = await openStorage(spec);
let seq = await storage.lastSeq(spec.sessionId);
report(`ready ${seq}`);
const maxBatch = spec.maxBatch ?? 5;
while (spec.count === undefined || seq < spec.count) {
  const context = createEventContext({
    clock: Date.now,
    ids: randomUUID,
  });
  const size = Math.min(
    1 + Math.floor(Math.random() * maxBatch),
    spec.count === undefined ? maxBatch : spec.count - seq,
  );
  const batch = Array.from({ length: size }, (_, index) =>
    context.build('user_message', { content: `message ${seq + index + 1}` }),
  );
  const result = await storage.append(spec.sessionId, batch, { expectedSeq: seq });
  seq = result.events.at(-1)?.seq ?? seq;
  report(`ack ${seq}`);
}
await storage.close();
report('done');
