import { describe, expect, test } from 'vitest';
import {
  computeReconnectDelay,
  DEFAULT_RECONNECT_OPTIONS,
  resolveReconnectOptions,
} from './backoff';

describe('computeReconnectDelay', () => {
  const reconnect = DEFAULT_RECONNECT_OPTIONS;

  test('grows exponentially up to the cap, with the jitter bounds drawn per attempt', () => {
    const middle = () => 0.5;
    expect(
      [0, 1, 2, 3, 4, 5, 10].map((attempt) =>
        computeReconnectDelay({ attempt, reconnect, random: middle }),
      ),
    ).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(computeReconnectDelay({ attempt: 0, reconnect, random: () => 0 })).toBe(250);
    expect(computeReconnectDelay({ attempt: 0, reconnect, random: () => 0.999_999 })).toBe(750);
  });

  test('draws a fresh random number for every attempt, so clients spread out', () => {
    let draws = 0;
    const random = () => {
      draws += 1;
      return (draws * 0.37) % 1;
    };
    const delays = [0, 0, 0].map(() => computeReconnectDelay({ attempt: 0, reconnect, random }));
    expect(draws).toBe(3);
    expect(new Set(delays).size).toBe(3);
  });

  test('the slow tier starts ten times later and may wait longer than maxDelayMs', () => {
    const middle = () => 0.5;
    expect(computeReconnectDelay({ attempt: 0, reconnect, slow: true, random: middle })).toBe(
      5_000,
    );
    expect(computeReconnectDelay({ attempt: 20, reconnect, slow: true, random: middle })).toBe(
      300_000,
    );
  });
});

describe('resolveReconnectOptions', () => {
  test('fills defaults and rejects impossible values', () => {
    expect(resolveReconnectOptions({ initialDelayMs: 10 }).maxDelayMs).toBe(10_000);
    expect(() => resolveReconnectOptions({ initialDelayMs: 100, maxDelayMs: 50 })).toThrow(
      TypeError,
    );
    expect(() => resolveReconnectOptions({ jitter: 2 })).toThrow(TypeError);
    expect(() => resolveReconnectOptions({ factor: 0.5 })).toThrow(TypeError);
    expect(() => resolveReconnectOptions({ maxAttempts: -1 })).toThrow(TypeError);
  });
});
