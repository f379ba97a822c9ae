// Plain data only (no zod): the browser client checks frames with this table instead of
// the protocol's zod schemas, which would add ~90 KB to every app bundle. A test keeps it
// in step with `serverMessageSchemas` (same fields, same optionality).
import type { ServerMessageType } from '../protocol/message-types';

/**
 * What a field must hold: `string`; `id` (a non-empty string); `count` (an integer ≥ 0);
 * `number` (a finite number); `boolean`; `ids` (an array of non-empty strings); or an
 * object with fields of its own.
 */
export type FieldKind = 'string' | 'id' | 'count' | 'number' | 'boolean' | 'ids';

/** Field name → what it holds; a name ending in `?` is optional. */
export interface FieldTable {
  readonly [name: string]: FieldKind | FieldTable;
}

const usage = {
  inputTokens: 'count',
  outputTokens: 'count',
  cacheReadTokens: 'count',
  cacheWriteTokens: 'count',
} as const;

const summary = {
  sessionId: 'id',
  recalledCount: 'count',
  totalPoints: 'count',
  durationMs: 'count',
  rabbitholeCount: 'count',
  recalledPointIds: 'ids',
  'usage?': usage,
  'estimatedCostUsd?': 'number',
} as const;

/**
 * The fields of every server message besides `type` and `seq` (which the decoder checks
 * itself). Enumerations (error codes) and length limits are left to the server's schemas:
 * the client only needs every field it reads to have the right shape.
 */
export const SERVER_MESSAGE_FIELDS = {
  session_started: {
    sessionId: 'id',
    recallSetId: 'id',
    recallSetName: 'string',
    totalPoints: 'count',
    recalledCount: 'count',
    resumed: 'boolean',
    openingMessage: 'string',
  },
  assistant_chunk: { responseId: 'id', index: 'count', text: 'string', 'snapshot?': 'boolean' },
  assistant_complete: { responseId: 'id', fullContent: 'string', totalChunks: 'count' },
  recall_point_recalled: {
    pointId: 'id',
    pointIndex: 'count',
    recalledCount: 'count',
    totalPoints: 'count',
  },
  recall_point_near_miss: { pointId: 'id', feedback: 'string' },
  rabbithole_detected: { rabbitholeEventId: 'id', topic: 'id', label: 'id' },
  rabbithole_entered: { rabbitholeEventId: 'id', topic: 'string', label: 'string' },
  rabbithole_exited: {
    rabbitholeEventId: 'id',
    label: 'string',
    pointsRecalledDuring: 'count',
    completionPending: 'boolean',
  },
  rabbithole_declined: { rabbitholeEventId: 'id', topic: 'string' },
  session_complete_overlay: {
    message: 'string',
    recalledCount: 'count',
    totalPoints: 'count',
    durationMs: 'count',
  },
  session_paused: { sessionId: 'id', recalledCount: 'count', totalPoints: 'count' },
  show_image: { resourceId: 'id', url: 'id', 'caption?': 'string', 'mimeType?': 'string' },
  show_resource: { resourceId: 'id', title: 'string', snippet: 'string' },
  session_complete: { summary },
  user_message: { content: 'id', 'clientMessageId?': 'id' },
  error: { code: 'id', message: 'string', 'retryAfterMs?': 'count', 'clientMessageId?': 'id' },
  pong: { timestamp: 'count' },
  ack: { clientMessageId: 'id' },
} as const satisfies { [T in ServerMessageType]: FieldTable };
