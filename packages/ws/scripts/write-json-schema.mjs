// Writes protocol.schema.json (the wire protocol as JSON Schema, generated from the zod
// schemas) next to package.json. Runs after tsup, from the built entry, so the shipped file
// always matches the shipped code. Usage: node scripts/write-json-schema.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getProtocolJsonSchema } from '../dist/protocol/index.js';

const target = fileURLToPath(new URL('../protocol.schema.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(getProtocolJsonSchema(), null, 2)}\n`);
console.log(`Wrote ${target}`);
