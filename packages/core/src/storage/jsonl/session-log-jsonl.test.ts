import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ConcurrencyError, RecallError } from '../../errors/recall-error';
import type { SessionEvent } from '../../events/envelope';
import { createFixtureLog } from '../../testing/fixture-log';
import { createMemoryStorage } from '../memory/memory-storage';
import { formatSessionLog, parseSessionLog } from './session-log-jsonl';
import { exportSessionLog, importSessionLog } from './session-log-transfer';

/** Events `lastSeq + 1 … lastSeq + count` of a log, as storage returns them. */
function sampleEvents(sessionId = 'sess_1', lastSeq = 0, count = 5): SessionEvent[] {
  let seq = 0;
  const log = createFixtureLog({
    sessionId,
    clock: () => 1_700_000_000_000,
    ids: () => `${sessionId}_evt_${++seq}`,
  });
  for (let index = 0; index < lastSeq + count; index += 1) {
    if (index % 2 === 0) {
      log.append(
        'user_message',
        { content: `héllo ${index} 😀 “quotes”\nnew line` },
        { turnId: 'turn_1' },
      );
    } else {
      log.append(
        'assistant_message',
        { content: `réponse ${index}`, agent: 'tutor' },
        { turnId: 'turn_1', responseId: `resp_${index}` },
      );
    }
  }
  return log.events.slice(lastSeq);
}

describe('formatSessionLog', () => {
  test('writes one event per newline-terminated line, envelope first and data last', () => {
    const events = sampleEvents();
    const text = formatSessionLog(events);
    const lines = text.split('\n');
    expect(lines).toHaveLength(events.length + 1);
    expect(lines.at(-1)).toBe('');
    expect(Object.keys(JSON.parse(lines[1]!))).toEqual([
      'seq',
      'type',
      'id',
      'sessionId',
      'timestamp',
      'turnId',
      'responseId',
      'data',
    ]);
    expect(formatSessionLog([])).toBe('');
  });
});

describe('parseSessionLog', () => {
  test('round-trips formatted events', () => {
    const events = sampleEvents();
    expect(parseSessionLog(formatSessionLog(events))).toEqual({ events });
  });

  test('a log cut at any byte: a torn last line fails naming it, or is dropped on request', () => {
    const events = sampleEvents();
    const text = formatSessionLog(events);
    const bytes = new TextEncoder().encode(text);
    const lines = text.split('\n');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: bytes.length - 1 }), (cut) => {
        const torn = new TextDecoder().decode(bytes.slice(0, cut));
        const complete = torn.split('\n').length - 1;
        const tail = torn.slice(torn.lastIndexOf('\n') + 1);
        if (tail === '' || tail === lines[complete]) {
          const kept = complete + (tail === '' ? 0 : 1);
          expect(parseSessionLog(torn)).toEqual({ events: events.slice(0, kept) });
          return;
        }
        const error = (() => {
          try {
            parseSessionLog(torn);
          } catch (caught) {
            return caught;
          }
        })();
        expect(RecallError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({
          code: 'INVALID_JSON',
          message: expect.stringContaining(`line ${complete + 1} is not valid JSON`),
        });
        const tolerant = parseSessionLog(torn, { tolerateTornTail: true });
        expect(tolerant.events).toEqual(events.slice(0, complete));
        expect(tolerant.droppedLine?.line).toBe(complete + 1);
      }),
      { numRuns: 300 },
    );
  });

  test('a corrupt line in the middle always fails, naming the line', () => {
    const lines = formatSessionLog(sampleEvents()).split('\n');
    lines[2] = lines[2]!.replace('":', '"#');
    const text = lines.join('\n');
    for (const options of [{}, { tolerateTornTail: true }]) {
      expect(() => parseSessionLog(text, options)).toThrow(/line 3 is not valid JSON/);
    }
  });

  test('invalid events, unknown types, gaps and foreign sessions fail, naming the line', () => {
    const events = sampleEvents();
    const invalid = [...events];
    invalid[1] = { ...events[1]!, timestamp: -5 };
    expect(() => parseSessionLog(formatSessionLog(invalid))).toThrow(
      expect.objectContaining({
        code: 'INVALID_MESSAGE',
        message: expect.stringContaining('line 2'),
      }),
    );
    const unknown = `${formatSessionLog(events.slice(0, 1))}{"type":"teleport","seq":2}\n`;
    expect(() => parseSessionLog(unknown)).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_MESSAGE_TYPE',
        message: expect.stringContaining('line 2'),
      }),
    );
    const gap = formatSessionLog([events[0]!, events[2]!]);
    expect(() => parseSessionLog(gap)).toThrow(/line 2: seq 3 does not follow seq 1/);
    const foreign = formatSessionLog([events[0]!, { ...events[1]!, sessionId: 'sess_2' }]);
    expect(() => parseSessionLog(foreign)).toThrow(/line 2: event of session sess_2/);
  });
});

describe('exportSessionLog / importSessionLog', () => {
  test('an exported log imports into another store unchanged; importing twice is a no-op', async () => {
    const source = createMemoryStorage();
    const events = sampleEvents();
    await source.append('sess_1', events, { expectedSeq: 0 });
    const text = await exportSessionLog(source, 'sess_1');
    const target = createMemoryStorage();
    expect(await importSessionLog(target, text)).toEqual({
      sessionId: 'sess_1',
      status: 'appended',
      eventCount: 5,
      // No session_started: the log cannot describe its session row.
      session: null,
    });
    expect(await target.read('sess_1')).toEqual(events);
    expect((await importSessionLog(target, text)).status).toBe('duplicate');
    expect(await target.lastSeq('sess_1')).toBe(5);
  });

  test('an import is all or nothing', async () => {
    const target = createMemoryStorage();
    const lines = formatSessionLog(sampleEvents()).split('\n');
    lines[3] = '{ not json';
    await expect(importSessionLog(target, lines.join('\n'))).rejects.toMatchObject({
      code: 'INVALID_JSON',
    });
    expect(await target.lastSeq('sess_1')).toBe(0);
    await expect(importSessionLog(target, '\n')).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
  });

  test('a log continues a session only where it ends', async () => {
    const target = createMemoryStorage();
    await target.append('sess_1', sampleEvents('sess_1', 0, 3), { expectedSeq: 0 });
    const continuation = formatSessionLog(sampleEvents('sess_1', 3, 2));
    expect((await importSessionLog(target, continuation)).status).toBe('appended');
    expect(await target.lastSeq('sess_1')).toBe(5);
    const overlapping = formatSessionLog(
      sampleEvents('sess_1', 2, 5).map((event) => ({ ...event, id: `new_${event.id}` })),
    );
    await expect(importSessionLog(target, overlapping)).rejects.toBeInstanceOf(ConcurrencyError);
    const torn = formatSessionLog(sampleEvents('sess_2', 0, 2)).slice(0, -10);
    expect(await importSessionLog(target, torn, { tolerateTornTail: true })).toEqual({
      sessionId: 'sess_2',
      status: 'appended',
      eventCount: 1,
      session: null,
      droppedLine: { line: 2, reason: expect.stringContaining('torn write') },
    });
  });
});
