// Holds a PGlite data directory open. stdin commands: `append` (prints `ack <seq>`), `close`.
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { createEventContext } from '@recall/core/testing';
import { openStorage, readSpec, report, type StorageSpec } from './open-storage';

const spec = readSpec<StorageSpec & { sessionId: string }>();
const storage = await openStorage(spec);
report(`ready ${await storage.lastSeq(spec.sessionId)}`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'append') {
    const seq = await storage.lastSeq(spec.sessionId);
    const context = createEventContext({
      clock: Date.now,
      ids: randomUUID,
    });
    const event = context.build('user_message', { content: `held ${seq + 1}` });
    await storage.append(spec.sessionId, [event], { expectedSeq: seq });
    report(`ack ${seq + 1}`);
  } else if (line === 'close') {
    await storage.close();
    report('closed');
    process.exit(0);
  }
}
