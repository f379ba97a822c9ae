import type { SessionEvent, StorageAdapter } from '@recall/core';
import { expect } from 'vitest';
import { eventBuilder, messages } from './fixtures';
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

/** The column names of `recall_events` in a schema fingerprint. */
export function eventColumns(fingerprint: unknown): string[] {
  return columnsOf(fingerprint, 'recall_events');
}

/** The column names of `recall_points` in a schema fingerprint. */
export function pointColumns(fingerprint: unknown): string[] {
  return columnsOf(fingerprint, 'recall_points');
}

function columnsOf(fingerprint: unknown, table: string): string[] {
  return (fingerprint as { columns: { table_name: string; column_name: string }[] }).columns
    .filter((column) => column.table_name === table)
    .map((column) => column.column_name);
}

/**
 * Checks a storage just opened on a version 1 database holding `old` (3 events of
 * `sessionId`, the first a `user_message` with client message id `cm-1`): the old log reads
 * back unchanged, new envelope fields round-trip, and old client message ids still de-duplicate.
 * Returns the event it appended at seq 4.
 */
export async function expectUpgradedLog(
  storage: StorageAdapter,
  sessionId: string,
  old: readonly SessionEvent[],
): Promise<SessionEvent> {
  expect(await storage.read(sessionId)).toEqual(old);
  const [next] = messages(sessionId, 3, 1);
  const withCommand = { ...next!, commandId: 'cmd-1' };
  await storage.append(sessionId, [withCommand], { expectedSeq: 3 });
  expect((await storage.read(sessionId, { afterSeq: 3 }))[0]).toEqual(withCommand);
  const resent = eventBuilder(sessionId, 4).build('user_message', {
    content: 'resent?',
    clientMessageId: 'cm-1',
  });
  expect((await storage.append(sessionId, [resent], { expectedSeq: 4 })).status).toBe('duplicate');
  return withCommand;
}
