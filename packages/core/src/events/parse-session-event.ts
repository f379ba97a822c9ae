import type { RecallErrorCode } from '../errors/codes';
import { type SessionEvent, sessionEventSchema } from './envelope';
import { formatZodIssues } from '../internal/format-zod-issues';
import { SESSION_EVENT_TYPES } from './catalog';

/** The result of {@link parseSessionEvent}: never throws. */
export type ParseSessionEventResult =
  | { ok: true; event: SessionEvent }
  | {
      ok: false;
      error: {
        code: Extract<RecallErrorCode, 'INVALID_MESSAGE' | 'UNKNOWN_MESSAGE_TYPE'>;
        message: string;
      };
    };

const knownTypes: ReadonlySet<string> = new Set(SESSION_EVENT_TYPES);

/**
 * Validates an unknown value as an enveloped session event (e.g. a stored row or an
 * imported JSON line).
 */
export function parseSessionEvent(value: unknown): ParseSessionEventResult {
  if (typeof value === 'object' && value !== null && 'type' in value) {
    const type = (value as { type: unknown }).type;
    if (typeof type === 'string' && !knownTypes.has(type)) {
      return {
        ok: false,
        error: { code: 'UNKNOWN_MESSAGE_TYPE', message: `Unknown event type "${type}".` },
      };
    }
  }
  const result = sessionEventSchema.safeParse(value);
  if (result.success) return { ok: true, event: result.data as SessionEvent };
  return { ok: false, error: { code: 'INVALID_MESSAGE', message: formatZodIssues(result.error) } };
}
