import {
  PUBLIC_EVENT_REDACTIONS,
  type PublicSessionEvent,
  SESSION_EVENT_TYPES,
  type SessionEventType,
} from '@recall/core';
import { eventEnvelopeSchema, sessionEventDataSchemas } from '@recall/core/schemas';
import * as z from 'zod';

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** `schema` without the redacted paths (`field` or `parent.field`). */
function redactSchema(schema: AnyObject, paths: readonly string[]): AnyObject {
  let redacted = schema;
  for (const path of paths) {
    const [parent, child] = path.split('.') as [string, string | undefined];
    if (child === undefined) {
      redacted = redacted.omit({ [parent]: true } as never) as AnyObject;
    } else {
      const nested = redacted.shape[parent] as AnyObject;
      redacted = redacted.extend({
        [parent]: nested.omit({ [child]: true } as never),
      }) as AnyObject;
    }
  }
  return redacted;
}

function publicEventSchemaFor(type: SessionEventType) {
  const paths: readonly string[] =
    (PUBLIC_EVENT_REDACTIONS as Partial<Record<SessionEventType, readonly string[]>>)[type] ?? [];
  return z.object({
    ...eventEnvelopeSchema.shape,
    type: z.literal(type),
    data: redactSchema(sessionEventDataSchemas[type] as unknown as AnyObject, paths),
  });
}

/**
 * Schema of one event as a server sends it: the stored envelope, with the fields of
 * `PUBLIC_EVENT_REDACTIONS` left out of its `data`. Derived from the event catalog.
 */
export const publicSessionEventSchema = z.discriminatedUnion(
  'type',
  SESSION_EVENT_TYPES.map(publicEventSchemaFor) as unknown as [
    ReturnType<typeof publicEventSchemaFor>,
    ...ReturnType<typeof publicEventSchemaFor>[],
  ],
) as unknown as z.ZodType<PublicSessionEvent>;
