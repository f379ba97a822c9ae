import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { StorageChoice } from '../cli/command-line';

/** The environment variable that holds the cookie key (64 hex digits, or 32+ characters). */
export const COOKIE_KEY_VARIABLE = 'RECALL_DEMO_COOKIE_KEY';

/** The file, inside the PGlite data directory, that keeps a generated key across restarts. */
export const COOKIE_KEY_FILE = 'recall-demo-cookie.key';

/** The key learner cookies are signed with, and where it came from (for the startup line). */
export interface CookieKey {
  key: Buffer;
  description: string;
}

/**
 * Finds the key learner cookies are signed with: from the environment when set; otherwise
 * required with PostgreSQL (several nodes must share it), generated once and kept in the
 * PGlite data directory, or generated per process for memory storage (whose learners do not
 * outlive it either). Call it after the storage is open: PGlite creates its directory.
 */
export async function resolveCookieKey(
  choice: StorageChoice,
  options: { env: NodeJS.ProcessEnv; cwd: string },
): Promise<CookieKey> {
  const configured = options.env[COOKIE_KEY_VARIABLE];
  if (configured !== undefined && configured !== '') {
    return { key: parseKey(configured), description: `from ${COOKIE_KEY_VARIABLE}` };
  }
  switch (choice.kind) {
    case 'postgres':
      throw new Error(
        `set ${COOKIE_KEY_VARIABLE} (e.g. \`openssl rand -hex 32\`) with --storage postgres, the same on every node, so a learner's cookie is valid on all of them.`,
      );
    case 'pglite': {
      const path = join(resolve(options.cwd, choice.dataDir), COOKIE_KEY_FILE);
      return { key: await readOrCreateKey(path), description: `kept in ${path}` };
    }
    case 'memory':
      return { key: randomBytes(32), description: 'generated for this process' };
  }
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-f]{64,}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'utf8');
  if (key.length < 32) {
    throw new Error(`${COOKIE_KEY_VARIABLE} must hold at least 32 bytes (64 hex digits).`);
  }
  return key;
}

async function readOrCreateKey(path: string): Promise<Buffer> {
  try {
    return parseKey((await readFile(path, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  // `wx`: two processes starting at once cannot overwrite each other's key.
  try {
    await writeFile(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseKey((await readFile(path, 'utf8')).trim());
  }
}
