import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createLogLimiter } from './log-limits';
import type { LogFields } from './logger';

interface Line {
  level: string;
  message: string;
  fields: LogFields;
}

function recorder() {
  const lines: Line[] = [];
  const record =
    (level: string) =>
    (message: string, fields: LogFields = {}) =>
      lines.push({ level, message, fields });
  return { lines, logger: { info: record('info'), warn: record('warn'), error: record('error') } };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createLogLimiter (X25)', () => {
  test('a connection writes at most one line per window, with counts', async () => {
    const { lines, logger } = recorder();
    const limiter = createLogLimiter({ logger, intervalMs: 1_000, maxLinesPerInterval: 100 });
    const connection = limiter.forConnection({ userId: 'mallory' });
    for (let index = 0; index < 5_000; index += 1) {
      connection.refused('info', 'invalid frame', { code: 'INVALID_JSON' });
    }
    expect(lines).toEqual([
      {
        level: 'info',
        message: 'invalid frame',
        fields: { userId: 'mallory', code: 'INVALID_JSON', count: 1 },
      },
    ]);
    for (let index = 0; index < 300; index += 1) connection.refused('warn', 'rate limited', {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines.slice(1)).toEqual([
      {
        level: 'warn',
        message: 'frames refused',
        fields: {
          userId: 'mallory',
          'invalid frame': 4_999,
          'rate limited': 300,
          count: 5_299,
          intervalMs: 1_000,
        },
      },
    ]);
    // Still flooding: one line per window.
    for (let window = 0; window < 3; window += 1) {
      for (let index = 0; index < 1_000; index += 1)
        connection.refused('info', 'invalid frame', {});
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)?.fields).toMatchObject({ count: 1_000 });
    // A quiet window ends the aggregation: the next refusal is logged at once again.
    await vi.advanceTimersByTimeAsync(2_000);
    connection.refused('info', 'invalid frame', {});
    expect(lines).toHaveLength(6);
    connection.refused('info', 'invalid frame', {});
    connection.close();
    expect(lines.at(-1)).toMatchObject({ message: 'invalid frame', fields: { count: 1 } });
    expect(lines).toHaveLength(7);
    limiter.close();
  });

  test('the whole server writes at most maxLinesPerInterval lines per window, then one summary', async () => {
    const { lines, logger } = recorder();
    const limiter = createLogLimiter({ logger, intervalMs: 1_000, maxLinesPerInterval: 10 });
    const connections = Array.from({ length: 300 }, (_, index) =>
      limiter.forConnection({ connection: index }),
    );
    for (const connection of connections) connection.refused('warn', 'rate limited', {});
    for (let index = 0; index < 50; index += 1) limiter.logger.warn?.('host rejected', {});
    expect(lines).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines.at(-1)).toEqual({
      level: 'warn',
      message: 'log lines suppressed',
      fields: { count: 340, intervalMs: 1_000 },
    });
    expect(lines).toHaveLength(11);
    limiter.close();
  });
});
