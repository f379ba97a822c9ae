// Regenerates packages/ws/protocol.schema.json from the zod schemas in source (the ws build
// does the same from dist). Run with `npm run docs:schema`; a test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { getProtocolJsonSchema } from '../packages/ws/src/protocol/json-schema';

const target = new URL('../packages/ws/protocol.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(getProtocolJsonSchema(), null, 2)}\n`);
