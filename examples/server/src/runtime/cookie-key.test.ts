import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { COOKIE_KEY_FILE, COOKIE_KEY_VARIABLE, resolveCookieKey } from './cookie-key';

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((path) => rm(path, { recursive: true })));
});

describe('resolveCookieKey', () => {
  test('the environment wins; hex or text of 32+ bytes', async () => {
    const hex = 'ab'.repeat(32);
    const fromHex = await resolveCookieKey(
      { kind: 'memory' },
      { env: { [COOKIE_KEY_VARIABLE]: hex }, cwd: '/' },
    );
    expect(fromHex.key).toEqual(Buffer.from(hex, 'hex'));
    await expect(
      resolveCookieKey({ kind: 'memory' }, { env: { [COOKIE_KEY_VARIABLE]: 'short' }, cwd: '/' }),
    ).rejects.toThrow(/32 bytes/);
  });

  test('PostgreSQL requires it: every node must share the key', async () => {
    await expect(
      resolveCookieKey(
        { kind: 'postgres', connectionString: 'postgres://x' },
        { env: {}, cwd: '/' },
      ),
    ).rejects.toThrow(COOKIE_KEY_VARIABLE);
  });

  test('PGlite keeps a generated key in its data directory across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'recall-key-'));
    directories.push(dataDir);
    const first = await resolveCookieKey({ kind: 'pglite', dataDir }, { env: {}, cwd: '/' });
    const second = await resolveCookieKey({ kind: 'pglite', dataDir }, { env: {}, cwd: '/' });
    expect(first.key.length).toBe(32);
    expect(second.key).toEqual(first.key);
    const file = join(dataDir, COOKIE_KEY_FILE);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.key.toString('hex'));
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  test('memory storage gets a key per process', async () => {
    const first = await resolveCookieKey({ kind: 'memory' }, { env: {}, cwd: '/' });
    const second = await resolveCookieKey({ kind: 'memory' }, { env: {}, cwd: '/' });
    expect(first.key).not.toEqual(second.key);
  });
});
