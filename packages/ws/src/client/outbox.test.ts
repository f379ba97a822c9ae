import { describe, expect, test } from 'vitest';
import { createOutbox } from './session-store';

const message = (id: string) => ({
  type: 'user_message' as const,
  content: id,
  clientMessageId: id,
});

describe('createOutbox', () => {
  test('one command in flight at a time, in the order issued; each id queued once', () => {
    const outbox = createOutbox();
    outbox.enqueue(message('a'));
    outbox.enqueue(message('b'));
    outbox.enqueue(message('a'));
    expect(outbox.entries.map((entry) => entry.clientMessageId)).toEqual(['a', 'b']);
    expect(outbox.take()?.clientMessageId).toBe('a');
    expect(outbox.take()).toBeNull();
    expect(outbox.settle({ type: 'ack', clientMessageId: 'a' })).toMatchObject({ kind: 'acked' });
    expect(outbox.take()?.clientMessageId).toBe('b');
  });

  test('a retryable refusal keeps the command first; it goes again after retryAfterMs', () => {
    let now = 1_000;
    const outbox = createOutbox({ now: () => now });
    outbox.enqueue(message('a'));
    outbox.enqueue(message('b'));
    outbox.take();
    const refusal = {
      type: 'error' as const,
      retryable: true,
      retryAfterMs: 500,
      clientMessageId: 'a',
    };
    expect(outbox.settle(refusal)).toMatchObject({ kind: 'retrying' });
    expect(outbox.resendAt).toBe(1_500);
    // Nothing overtakes it.
    expect(outbox.take()).toBeNull();
    now = 1_499;
    expect(outbox.take()).toBeNull();
    now = 1_500;
    expect(outbox.take()?.clientMessageId).toBe('a');
  });

  test('… or as soon as the running turn ends, whichever comes first', () => {
    const outbox = createOutbox({ now: () => 0 });
    outbox.enqueue(message('a'));
    outbox.take();
    outbox.settle({ type: 'error', retryable: true, retryAfterMs: 60_000, clientMessageId: 'a' });
    expect(outbox.take()).toBeNull();
    outbox.turnEnded();
    expect(outbox.take()?.clientMessageId).toBe('a');
  });

  test('without retryAfterMs it waits exponentially; after maxRetries refusals it fails', () => {
    let now = 0;
    const outbox = createOutbox({ now: () => now, maxRetries: 2 });
    outbox.enqueue(message('a'));
    const waits: number[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      outbox.take();
      expect(outbox.settle({ type: 'error', retryable: true, clientMessageId: 'a' }).kind).toBe(
        'retrying',
      );
      waits.push((outbox.resendAt ?? 0) - now);
      now = outbox.resendAt ?? now;
    }
    expect(waits).toEqual([500, 1_000]);
    outbox.take();
    expect(outbox.settle({ type: 'error', retryable: true, clientMessageId: 'a' })).toMatchObject({
      kind: 'failed',
    });
    expect(outbox.entries).toEqual([]);
  });

  test('a final refusal removes the command; answers about others change nothing', () => {
    const outbox = createOutbox();
    outbox.enqueue(message('a'));
    outbox.take();
    expect(outbox.settle({ type: 'ack', clientMessageId: 'zzz' })).toEqual({ kind: 'unrelated' });
    expect(outbox.settle({ type: 'error', retryable: true })).toEqual({ kind: 'unrelated' });
    expect(outbox.settle({ type: 'error', retryable: false, clientMessageId: 'a' })).toMatchObject({
      kind: 'failed',
      message: { clientMessageId: 'a' },
    });
    expect(outbox.entries).toEqual([]);
  });

  test('a dropped connection puts the command in flight back first in line', () => {
    const outbox = createOutbox();
    outbox.enqueue(message('a'));
    outbox.enqueue(message('b'));
    expect(outbox.take()?.clientMessageId).toBe('a');
    outbox.connectionLost();
    expect(outbox.take()?.clientMessageId).toBe('a');
  });
});
