// Appends to several sessions at once, each in its own loop (so their appends meet in one
// group commit), printing `ack <sessionId> <seq>` after each acknowledged append. Runs until
// killed.
import { randomUUID } from 'node:crypto';
import { createEventContext } from '@recall/core/testing';
import { openStorage, readSpec, report, type StorageSpec } from './open-storage';

const spec = readSpec<StorageSpec & { sessionIds: string[] }>();
const storage = await openStorage(spec);
report('ready');
await Promise.all(
  spec.sessionIds.map(async (sessionId) => {
    let seq = 0;
    for (;;) {
      const context = createEventContext({ clock: Date.now, ids: randomUUID });
      const size = 1 + Math.floor(Math.random() * 3);
      const batch = Array.from({ length: size }, (_, index) =>
        context.build('user_message', { content: `message ${seq + index + 1}` }),
      );
      const result = await storage.append(sessionId, batch, { expectedSeq: seq });
      seq = result.events.at(-1)?.seq ?? seq;
      report(`ack ${sessionId} ${seq}`);
    }
  }),
);
