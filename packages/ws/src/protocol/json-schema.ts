import * as z from 'zod';
import { clientMessageSchema } from './client-messages';
import { serverMessageSchema } from './server-messages';

/** A JSON Schema document (draft 2020-12). */
export type JsonSchema = Record<string, unknown>;

/**
 * The wire protocol as one JSON Schema (draft 2020-12), generated from the zod schemas, for
 * clients not written in TypeScript. `$defs.ClientMessage` and `$defs.ServerMessage` are
 * the two directions; the root accepts either. Shipped as `@recall/ws/protocol.schema.json`.
 */
export function getProtocolJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Recall wire protocol',
    description:
      'WebSocket text frames, one JSON object each. Unknown fields are ignored by Recall parsers.',
    $defs: {
      ClientMessage: withoutDialect(z.toJSONSchema(clientMessageSchema, { io: 'input' })),
      ServerMessage: withoutDialect(z.toJSONSchema(serverMessageSchema, { io: 'input' })),
    },
    anyOf: [{ $ref: '#/$defs/ClientMessage' }, { $ref: '#/$defs/ServerMessage' }],
  };
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
