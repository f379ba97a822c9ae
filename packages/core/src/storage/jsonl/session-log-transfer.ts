import { RecallError } from '../../errors/recall-error';
import type { Session } from '../../model/session';
import { sessionRowFromLog } from '../../session/session-row';
import type { AppendResult, EventLogStore, SessionRowStore } from '../storage-adapter';
import {
  formatSessionLog,
  type ParseSessionLogOptions,
  parseSessionLog,
} from './session-log-jsonl';

/** Reads a session's whole event log from storage as JSON Lines. */
export async function exportSessionLog(
  storage: Pick<EventLogStore, 'read'>,
  sessionId: string,
): Promise<string> {
  return formatSessionLog(await storage.read(sessionId));
}

/** What {@link importSessionLog} did. */
export interface ImportSessionLogResult {
  sessionId: string;
  /** `duplicate` when every event was already stored (re-importing the same file is a no-op). */
  status: AppendResult['status'];
  /** How many events the log held. */
  eventCount: number;
  /**
   * The session row rebuilt from the session's whole stored log and saved, so engines and
   * queries (`findActiveSession`) find the session; null when the log cannot describe it (no
   * `session_started`, or one written before starts recorded their target points).
   */
  session: Session | null;
  /** Set when `tolerateTornTail` dropped an incomplete last line. */
  droppedLine?: { line: number; reason: string };
}

/**
 * Validates a JSON Lines log and appends all of its events to storage in one atomic batch,
 * keeping their ids, seqs and timestamps, then rebuilds and saves the session row from the
 * stored log (the same reducer and projection the engine uses), so a new engine continues the
 * session. The session's log must end right before the first imported seq (empty, for a log
 * starting at 1), or the import fails with `ConcurrencyError` and writes nothing.
 *
 * @example
 * await importSessionLog(storage, await readFile('session.jsonl', 'utf8'));
 */
export async function importSessionLog(
  storage: Pick<EventLogStore, 'append' | 'read'> & Pick<SessionRowStore, 'saveSession'>,
  text: string,
  options: ParseSessionLogOptions = {},
): Promise<ImportSessionLogResult> {
  const { events, droppedLine } = parseSessionLog(text, options);
  const first = events[0];
  if (!first) throw new RecallError('INVALID_MESSAGE', 'Session log: it holds no events.');
  const result = await storage.append(first.sessionId, events, { expectedSeq: first.seq - 1 });
  const session = sessionRowFromLog(await storage.read(first.sessionId));
  if (session !== null) await storage.saveSession(session);
  return {
    sessionId: first.sessionId,
    status: result.status,
    eventCount: events.length,
    session,
    ...(droppedLine === undefined ? {} : { droppedLine }),
  };
}
