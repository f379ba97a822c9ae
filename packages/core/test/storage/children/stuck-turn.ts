// An engine node on PostgreSQL whose turn never ends: sends one learner message to the
// session, prints `streaming` once it is acknowledged (its response open in the log), then
// keeps streaming until it is killed.
import { createRecallEngine } from '@recall/core';
import { createPostgresStorage } from '@recall/core/storage/postgres';
import { createScriptedLLM } from '@recall/core/testing';
import { learnerText } from '../../engine/turn-log';
import { readSpec, report } from './open-storage';

const spec = readSpec<{ connectionString: string; sessionId: string }>();
const storage = await createPostgresStorage({ connectionString: spec.connectionString });
const engine = createRecallEngine({
  storage,
  llm: createScriptedLLM({ tutor: [{ text: 'never finished', latencyMs: 600_000 }] }),
});
await engine.sendUserMessage(spec.sessionId, learnerText('A0'));
report('streaming');
