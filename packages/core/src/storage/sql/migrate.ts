import { RecallError } from '../../errors/recall-error';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { DUPLICATE_TABLE, type SqlExecutor, sqlState } from './sql-executor';

// Arbitrary constant so concurrent openers (several nodes starting at once) migrate one at a time.
const MIGRATION_LOCK_KEY = 7_261_001;

/** What {@link migrate} found and did. */
export interface MigrationOutcome {
  /** The schema version before opening (0 for a new database). */
  previousVersion: number;
  /** The schema version now. */
  version: number;
}

/**
 * Brings the database to {@link SCHEMA_VERSION} in one transaction, so a failure leaves it as
 * it was. Idempotent: on an up-to-date database it only reads. Refuses (STORAGE_INCOMPATIBLE)
 * a database written by newer code, or one whose tables collide with ours.
 */
export async function migrate(executor: SqlExecutor): Promise<MigrationOutcome> {
  return executor.transaction(async (transaction) => {
    await transaction.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await transaction.query(
      'create table if not exists recall_meta (key text primary key, value text not null)',
    );
    const rows = await transaction.query<{ value: string }>(
      "select value from recall_meta where key = 'schema_version'",
    );
    const previousVersion = rows[0] ? Number(rows[0].value) : 0;
    if (!Number.isInteger(previousVersion) || previousVersion > SCHEMA_VERSION) {
      throw new RecallError(
        'STORAGE_INCOMPATIBLE',
        `The database has Recall schema version ${rows[0]?.value}, but this version of @recall/core supports up to ${SCHEMA_VERSION}. Upgrade @recall/core.`,
      );
    }
    for (const migration of MIGRATIONS.slice(previousVersion)) {
      for (const statement of migration.statements) {
        try {
          await transaction.query(statement);
        } catch (error) {
          if (sqlState(error) !== DUPLICATE_TABLE) throw error;
          throw new RecallError(
            'STORAGE_INCOMPATIBLE',
            `The database already has a table Recall needs (${errorMessage(error)}) but no Recall schema version: it is not a Recall database.`,
            { cause: error },
          );
        }
      }
    }
    if (previousVersion < SCHEMA_VERSION) {
      await transaction.query(
        `insert into recall_meta (key, value) values ('schema_version', $1)
         on conflict (key) do update set value = excluded.value`,
        [String(SCHEMA_VERSION)],
      );
    }
    return { previousVersion, version: SCHEMA_VERSION };
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
