import { describe, expect, test } from 'vitest';
import { CLOSE_CODES } from '../protocol/close-codes';
import { DEFAULT_RECONNECT_OPTIONS } from './backoff';
import { type CloseDecisionOptions, decideAfterClose } from './close-decision';

const base: CloseDecisionOptions = {
  code: 1006,
  reason: '',
  attempt: 0,
  reconnect: DEFAULT_RECONNECT_OPTIONS,
  random: () => 0.5,
  retryAfterMs: 0,
  canRestartOnRecallSet: false,
};

describe('decideAfterClose', () => {
  test('a dropped link or going-away reconnects with backoff', () => {
    expect(decideAfterClose(base)).toEqual({ kind: 'reconnect', delayMs: 500, resync: false });
    expect(decideAfterClose({ ...base, code: CLOSE_CODES.GOING_AWAY.code, attempt: 2 })).toEqual({
      kind: 'reconnect',
      delayMs: 2_000,
      resync: false,
    });
  });

  test('auth, forbidden, not found, ended and unsupported-version closes are never retried', () => {
    for (const [code, errorCode] of [
      [CLOSE_CODES.UNAUTHORIZED.code, 'UNAUTHORIZED'],
      [CLOSE_CODES.FORBIDDEN.code, 'FORBIDDEN'],
      [CLOSE_CODES.SESSION_NOT_FOUND.code, 'SESSION_NOT_FOUND'],
      [CLOSE_CODES.SESSION_ENDED.code, 'SESSION_ENDED'],
      [CLOSE_CODES.UNSUPPORTED_PROTOCOL.code, 'UNSUPPORTED_PROTOCOL'],
    ] as const) {
      expect(decideAfterClose({ ...base, code, reason: 'why' })).toEqual({
        kind: 'stop',
        error: { type: 'error', code: errorCode, message: 'why', retryable: false },
      });
    }
  });

  test('a remembered session that is gone or forbidden restarts on the recall set', () => {
    expect(
      decideAfterClose({ ...base, code: CLOSE_CODES.FORBIDDEN.code, canRestartOnRecallSet: true }),
    ).toEqual({
      kind: 'restart-on-recall-set',
    });
  });

  test('slow consumer and invalid resume reconnect at once; invalid resume resyncs from 0', () => {
    expect(decideAfterClose({ ...base, code: CLOSE_CODES.SLOW_CONSUMER.code })).toEqual({
      kind: 'reconnect',
      delayMs: 0,
      resync: false,
    });
    expect(decideAfterClose({ ...base, code: CLOSE_CODES.INVALID_RESUME.code })).toEqual({
      kind: 'reconnect',
      delayMs: 0,
      resync: true,
    });
    // …but not in a hot loop: a repeated one backs off.
    expect(
      decideAfterClose({ ...base, code: CLOSE_CODES.SLOW_CONSUMER.code, attempt: 1 }),
    ).toMatchObject({ delayMs: 1_000 });
  });

  test('rate limits retry on the slow tier, at least after the server-given wait', () => {
    expect(decideAfterClose({ ...base, code: CLOSE_CODES.RATE_LIMITED.code })).toMatchObject({
      delayMs: 5_000,
    });
    expect(
      decideAfterClose({ ...base, code: CLOSE_CODES.RATE_LIMITED.code, retryAfterMs: 9_000 }),
    ).toMatchObject({
      delayMs: 9_000,
    });
  });

  test('any typed refusal’s retryAfterMs holds off every reconnect, whatever the close code', () => {
    for (const code of [
      1006,
      CLOSE_CODES.GOING_AWAY.code,
      CLOSE_CODES.INTERNAL.code,
      CLOSE_CODES.SLOW_CONSUMER.code,
      CLOSE_CODES.FRAME_FLOOD.code,
      CLOSE_CODES.TRY_AGAIN_LATER.code,
      4999,
    ]) {
      const decision = decideAfterClose({ ...base, code, retryAfterMs: 120_000 });
      expect(decision, String(code)).toMatchObject({ kind: 'reconnect', delayMs: 120_000 });
    }
    // A shorter wait than the backoff changes nothing.
    expect(decideAfterClose({ ...base, retryAfterMs: 10 })).toMatchObject({ delayMs: 500 });
  });

  test('gives up after maxAttempts', () => {
    const reconnect = { ...DEFAULT_RECONNECT_OPTIONS, maxAttempts: 3 };
    expect(decideAfterClose({ ...base, reconnect, attempt: 3 })).toEqual({
      kind: 'stop',
      error: null,
    });
  });
});
