import type { SessionEvent } from '@recall/core';
// Migration 1 is released and frozen, so its statements are exactly what a version 1 database holds.
import { MIGRATIONS } from '../../src/storage/sql/migrations';

/** Runs one SQL statement on a raw connection (PGlite or pg). */
export type RawQuery = (sql: string, parameters?: unknown[]) => Promise<unknown>;

/**
 * Builds a database as @recall/core with schema version 1 left it: its tables, its version
 * mark, and `events` stored in the version 1 columns (there was no `meta` column).
 */
export async function createVersion1Database(
  query: RawQuery,
  events: readonly SessionEvent[],
): Promise<void> {
  await query('create table recall_meta (key text primary key, value text not null)');
  for (const statement of MIGRATIONS[0]!.statements) await query(statement);
  await query("insert into recall_meta (key, value) values ('schema_version', '1')");
  for (const event of events) {
    await query(
      `insert into recall_events (session_id, seq, id, type, data, "timestamp", turn_id,
         response_id, client_message_id) values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
      [
        event.sessionId,
        event.seq,
        event.id,
        event.type,
        JSON.stringify(event.data),
        event.timestamp,
        event.turnId ?? null,
        event.responseId ?? null,
        event.type === 'user_message' ? (event.data.clientMessageId ?? null) : null,
      ],
    );
  }
}
