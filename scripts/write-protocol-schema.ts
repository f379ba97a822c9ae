// Regenerates, from the zod schemas in source: packages/ws/protocol.schema.json (the ws build
// does the same from dist), the zod-free frame tables the browser client checks frames with,
// and its command tables (from the command catalog of @recall/core). Run with `npm run docs:schema`; tests fail when either is stale.
import { writeFileSync } from 'node:fs';
import { getProtocolJsonSchema } from '../packages/ws/src/protocol/json-schema';
import { renderCommandTablesModule } from '../packages/ws/src/protocol/internal/command-tables';
import { renderFrameTablesModule } from '../packages/ws/src/protocol/internal/frame-tables';

const schema = new URL('../packages/ws/protocol.schema.json', import.meta.url);
writeFileSync(schema, `${JSON.stringify(getProtocolJsonSchema(), null, 2)}\n`);
const tables = new URL('../packages/ws/src/client/generated/frame-fields.ts', import.meta.url);
writeFileSync(tables, renderFrameTablesModule());
const commands = new URL('../packages/ws/src/client/generated/command-fields.ts', import.meta.url);
writeFileSync(commands, renderCommandTablesModule());
