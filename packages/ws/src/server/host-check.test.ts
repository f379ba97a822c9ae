import { describe, expect, test } from 'vitest';
import { invalidHostEntry, isHostAllowed, LOOPBACK_HOSTS } from './host-check';

const request = (host: string | undefined) => ({ headers: host === undefined ? {} : { host } });

describe('isHostAllowed', () => {
  test('loopback names match on any port; a rebound name does not', () => {
    for (const host of ['localhost', 'localhost:8787', '127.0.0.1:1', '[::1]:8787', 'LOCALHOST.']) {
      expect(isHostAllowed(request(host), LOOPBACK_HOSTS), host).toBe(true);
    }
    for (const host of [
      'attacker.example:8787',
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
      '127.0.0.2',
      '[::2]',
      'localhost:abc',
      'local host',
      '::1',
      '',
    ]) {
      expect(isHostAllowed(request(host), LOOPBACK_HOSTS), host).toBe(false);
    }
    expect(isHostAllowed(request(undefined), LOOPBACK_HOSTS)).toBe(false);
  });

  test('entries with a port match only that port; leading-dot entries cover subdomains', () => {
    const allowed = ['app.example:8443', '.tenant.example'];
    expect(isHostAllowed(request('app.example:8443'), allowed)).toBe(true);
    expect(isHostAllowed(request('app.example'), allowed)).toBe(false);
    expect(isHostAllowed(request('app.example:443'), allowed)).toBe(false);
    expect(isHostAllowed(request('tenant.example'), allowed)).toBe(true);
    expect(isHostAllowed(request('a.b.tenant.example:443'), allowed)).toBe(true);
    expect(isHostAllowed(request('eviltenant.example'), allowed)).toBe(false);
    expect(isHostAllowed(request('tenant.example.evil'), allowed)).toBe(false);
  });

  test("'any' turns the check off", () => {
    expect(isHostAllowed(request('whatever.example'), 'any')).toBe(true);
    expect(isHostAllowed(request(undefined), 'any')).toBe(true);
  });

  test('unusable entries are named', () => {
    expect(invalidHostEntry('app.example')).toBeNull();
    expect(invalidHostEntry('[::1]:80')).toBeNull();
    expect(invalidHostEntry('*.example')).toMatch(/exactly/);
    expect(invalidHostEntry('https://app.example')).toMatch(/URL/);
    expect(invalidHostEntry('.example:80')).toMatch(/port/);
    expect(invalidHostEntry('')).toMatch(/non-empty/);
  });
});
