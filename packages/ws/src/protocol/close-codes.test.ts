import { describe, expect, test } from 'vitest';
import { CLOSE_CODES, closeCodeRetryPolicy } from './close-codes';

describe('CLOSE_CODES', () => {
  test('codes are unique, in the standard or private range, each with a retry policy', () => {
    const entries = Object.values(CLOSE_CODES);
    expect(new Set(entries.map((entry) => entry.code)).size).toBe(entries.length);
    for (const entry of entries) {
      expect(
        entry.code >= 4000 ? entry.code <= 4999 : entry.code >= 1000 && entry.code <= 1015,
      ).toBe(true);
      expect(['never', 'immediately', 'backoff', 'slowly']).toContain(entry.retry);
      expect(entry.description.length).toBeGreaterThan(0);
    }
  });

  test('has the codes clients must know', () => {
    expect(CLOSE_CODES.NORMAL.code).toBe(1000);
    expect(CLOSE_CODES.GOING_AWAY.code).toBe(1001);
    expect(CLOSE_CODES.MESSAGE_TOO_BIG.code).toBe(1009);
    expect(CLOSE_CODES.INTERNAL.code).toBe(1011);
    for (const name of [
      'SESSION_ENDED',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'RATE_LIMITED',
      'INVALID_RESUME',
      'SLOW_CONSUMER',
    ] as const) {
      expect(CLOSE_CODES[name].code).toBeGreaterThanOrEqual(4000);
    }
  });

  test('closeCodeRetryPolicy classifies codes', () => {
    expect(closeCodeRetryPolicy(1000)).toBe('never');
    expect(closeCodeRetryPolicy(CLOSE_CODES.SESSION_ENDED.code)).toBe('never');
    expect(closeCodeRetryPolicy(CLOSE_CODES.UNAUTHORIZED.code)).toBe('never');
    expect(closeCodeRetryPolicy(CLOSE_CODES.FORBIDDEN.code)).toBe('never');
    expect(closeCodeRetryPolicy(CLOSE_CODES.RATE_LIMITED.code)).toBe('slowly');
    expect(closeCodeRetryPolicy(CLOSE_CODES.SLOW_CONSUMER.code)).toBe('immediately');
    expect(closeCodeRetryPolicy(CLOSE_CODES.INVALID_RESUME.code)).toBe('immediately');
    expect(closeCodeRetryPolicy(1001)).toBe('backoff');
    expect(closeCodeRetryPolicy(1006)).toBe('backoff');
    expect(closeCodeRetryPolicy(1011)).toBe('backoff');
    // Unknown codes (a proxy, a newer server) reconnect politely.
    expect(closeCodeRetryPolicy(4321)).toBe('backoff');
    expect(closeCodeRetryPolicy(1012)).toBe('backoff');
  });
});
