import { afterEach, describe, expect, test, vi } from 'vitest';
import { createFrameMeter, createUserFrameMeters } from './frame-budget';

const budget = { burstFrames: 3, framesPerSecond: 1, burstBytes: 1_000, bytesPerSecond: 100 };

describe('createFrameMeter', () => {
  test('charges by count and by size; refused frames are charged too, down to one burst of debt', () => {
    let now = 0;
    const meter = createFrameMeter({ budget, now: () => now });
    expect(meter.charge(600)).toEqual({ allowed: true });
    // 400 bytes left: a 600-byte frame is refused, and still costs its 600 bytes.
    expect(meter.charge(600)).toEqual({ allowed: false, retryAfterMs: 2_000 });
    expect(meter.charge(1)).toMatchObject({ allowed: false });
    // The debt stops at one burst, so a sender that stops recovers within two bursts' refill.
    for (let index = 0; index < 100; index += 1) meter.charge(1_000);
    now += 20_000;
    expect(meter.charge(10)).toEqual({ allowed: true });
  });

  test('the count runs out before the bytes for small frames', () => {
    let now = 0;
    const meter = createFrameMeter({ budget, now: () => now });
    for (let index = 0; index < 3; index += 1) expect(meter.charge(1).allowed).toBe(true);
    expect(meter.charge(1)).toEqual({ allowed: false, retryAfterMs: 1_000 });
    now += 2_000;
    expect(meter.charge(1).allowed).toBe(true);
  });
});

describe('createUserFrameMeters', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('sockets of one user share a meter, kept after the last closes until it has refilled', async () => {
    vi.useFakeTimers();
    const meters = createUserFrameMeters(budget);
    const first = meters.acquire('alice');
    const second = meters.acquire('alice');
    expect(second.meter).toBe(first.meter);
    expect(meters.acquire('bob').meter).not.toBe(first.meter);
    first.release();
    first.release();
    expect(meters.size).toBe(2);
    second.release();
    // Reopening at once finds the same (spent) meter: no fresh budget for reconnecting.
    const again = meters.acquire('alice');
    expect(again.meter).toBe(first.meter);
    again.release();
    await vi.advanceTimersByTimeAsync(19_000);
    expect(meters.size).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(meters.size).toBe(1);
  });
});
