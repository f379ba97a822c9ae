import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { getProtocolJsonSchema } from './json-schema';
import { SESSION_EVENT_TYPES } from '@recall/core';
import { CLIENT_MESSAGE_TYPES, SERVER_MESSAGE_TYPES } from './message-types';

interface VariantSchema {
  properties: { type: { const: string } } & Record<string, unknown>;
  required: string[];
}

function variants(schema: Record<string, unknown>, name: string): VariantSchema[] {
  const defs = schema.$defs as Record<string, { oneOf?: VariantSchema[]; anyOf?: VariantSchema[] }>;
  const union = defs[name];
  return union?.oneOf ?? union?.anyOf ?? [];
}

describe('getProtocolJsonSchema', () => {
  const schema = getProtocolJsonSchema();

  test('is a draft 2020-12 document covering both directions', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.anyOf).toEqual([
      { $ref: '#/$defs/ClientMessage' },
      { $ref: '#/$defs/ServerMessage' },
    ]);
    // Self-contained: the only references are the two at the root.
    expect(JSON.stringify(schema).match(/"\$ref"/g)).toHaveLength(2);
  });

  test('contains every client message type', () => {
    const types = variants(schema, 'ClientMessage').map((variant) => variant.properties.type.const);
    expect(types.sort()).toEqual([...CLIENT_MESSAGE_TYPES].sort());
  });

  test('contains every server frame type; an event carries every event type', () => {
    const found = variants(schema, 'ServerMessage');
    expect(found.map((variant) => variant.properties.type.const).sort()).toEqual(
      [...SERVER_MESSAGE_TYPES].sort(),
    );
    const event = found.find((variant) => variant.properties.type.const === 'event');
    if (event === undefined) throw new Error('no event frame in the schema');
    const events = (event.properties.event as { oneOf: VariantSchema[] }).oneOf;
    expect(events.map((variant) => variant.properties.type.const)).toEqual([
      ...SESSION_EVENT_TYPES,
    ]);
    for (const variant of events) expect(variant.required).toContain('seq');
  });

  test('documents limits and error codes', () => {
    const text = JSON.stringify(schema);
    expect(text).toContain('"maxLength":128');
    expect(text).toContain('SESSION_NOT_FOUND');
    expect(text).toContain('"pattern":"\\\\S"');
  });
});

test('the shipped protocol.schema.json matches the schemas (run `npm run docs:schema` to refresh it)', () => {
  const shipped = readFileSync(new URL('../../protocol.schema.json', import.meta.url), 'utf8');
  expect(JSON.parse(shipped)).toEqual(JSON.parse(JSON.stringify(getProtocolJsonSchema())));
});
