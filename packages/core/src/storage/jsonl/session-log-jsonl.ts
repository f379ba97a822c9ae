import { RecallError } from '../../errors/recall-error';
import type { SessionEvent } from '../../events/envelope';
import { parseSessionEvent } from '../../events/parse-session-event';

/** Options for {@link parseSessionLog}. */
export interface ParseSessionLogOptions {
  /**
   * Drop an incomplete last line (a write torn by a crash) instead of failing; the result's
   * `droppedLine` then says which line was dropped. Corruption anywhere else always fails.
   * @default false
   */
  tolerateTornTail?: boolean;
}

/** The events of a parsed JSON Lines log. */
export interface ParsedSessionLog {
  /** In seq order; gapless; all of one session. */
  events: SessionEvent[];
  /** Set when `tolerateTornTail` dropped an incomplete last line. */
  droppedLine?: { line: number; reason: string };
}

/**
 * A session's events as JSON Lines: one event per line, envelope fields first, then `data`,
 * so a log reads top to bottom in a terminal. Every line ends with a newline, so a file cut
 * short by a crash is recognisable by its last line.
 *
 * @example
 * await writeFile('session.jsonl', formatSessionLog(await storage.read(sessionId)));
 */
export function formatSessionLog(events: readonly SessionEvent[]): string {
  return events.map((event) => `${JSON.stringify(readableEnvelope(event))}\n`).join('');
}

/**
 * Parses and validates a JSON Lines session log written by {@link formatSessionLog}. Throws a
 * `RecallError` naming the line for invalid JSON (`INVALID_JSON`), an invalid or unknown event
 * (`INVALID_MESSAGE` / `UNKNOWN_MESSAGE_TYPE`), a second session, or a seq gap. All or nothing:
 * a throwing call returns no events.
 */
export function parseSessionLog(
  text: string,
  options: ParseSessionLogOptions = {},
): ParsedSessionLog {
  const lines = text.split('\n');
  // A log that ends with a newline has an empty last segment; one that does not was cut short.
  const tornTail = lines.at(-1) !== '';
  const events: SessionEvent[] = [];
  let droppedLine: ParsedSessionLog['droppedLine'];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const lineNumber = index + 1;
    const isLast = index === lines.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const reason = `line ${lineNumber} is not valid JSON${isLast && tornTail ? ' (the file ends mid-line: a torn write?)' : ''}`;
      if (isLast && tornTail && options.tolerateTornTail) {
        droppedLine = { line: lineNumber, reason };
        break;
      }
      throw new RecallError('INVALID_JSON', `Session log: ${reason}.`, { cause: error });
    }
    const parsed = parseSessionEvent(value);
    if (!parsed.ok) {
      throw new RecallError(
        parsed.error.code,
        `Session log line ${lineNumber}: ${parsed.error.message}`,
      );
    }
    assertContinues(events.at(-1), parsed.event, lineNumber);
    events.push(parsed.event);
  }
  return droppedLine === undefined ? { events } : { events, droppedLine };
}

function assertContinues(
  previous: SessionEvent | undefined,
  event: SessionEvent,
  lineNumber: number,
): void {
  if (!previous) return;
  if (event.sessionId !== previous.sessionId) {
    throw new RecallError(
      'INVALID_MESSAGE',
      `Session log line ${lineNumber}: event of session ${event.sessionId} in the log of session ${previous.sessionId}.`,
    );
  }
  if (event.seq !== previous.seq + 1) {
    throw new RecallError(
      'INVALID_MESSAGE',
      `Session log line ${lineNumber}: seq ${event.seq} does not follow seq ${previous.seq}.`,
    );
  }
}

// Envelope first, data last: the order a person scans a log in. Every other envelope field
// (turnId, responseId, commandId, …) is kept, whatever it is.
function readableEnvelope(event: SessionEvent): Record<string, unknown> {
  const { seq, type, id, sessionId, timestamp, data, ...otherFields } = event;
  return { seq, type, id, sessionId, timestamp, ...otherFields, data };
}
