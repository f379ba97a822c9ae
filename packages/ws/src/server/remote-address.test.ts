import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { createAddressCounter, remoteAddressOf } from './remote-address';

function request(peer: string, forwarded?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  } as unknown as IncomingMessage;
}

describe('remoteAddressOf', () => {
  test('is the TCP peer unless proxies are trusted, whatever the header says', () => {
    expect(remoteAddressOf(request('10.0.0.1', '6.6.6.6'), 0)).toBe('10.0.0.1');
  });

  test('takes the N-th entry from the right behind N proxies; client-written entries are ignored', () => {
    const forged = request('10.0.0.1', '6.6.6.6, 203.0.113.7');
    expect(remoteAddressOf(forged, 1)).toBe('203.0.113.7');
    expect(remoteAddressOf(request('10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2'), 2)).toBe(
      '203.0.113.7',
    );
    expect(remoteAddressOf(request('10.0.0.1'), 1)).toBe('10.0.0.1');
    expect(remoteAddressOf(request('10.0.0.1', '203.0.113.7'), 3)).toBe('10.0.0.1');
  });
});

describe('createAddressCounter', () => {
  test('refuses past the cap per key and frees a slot on leave (once)', () => {
    const counter = createAddressCounter(2);
    const first = counter.enter('a');
    const second = counter.enter('a');
    expect(counter.enter('a')).toBeNull();
    expect(counter.enter('b')).not.toBeNull();
    first?.();
    first?.();
    expect(counter.held('a')).toBe(1);
    expect(counter.enter('a')).not.toBeNull();
    second?.();
  });
});
