import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { RecallError } from '../errors/recall-error';
import { importOptionalPeer } from './optional-peer';

const require = createRequire(import.meta.url);
// Not installed anywhere: a variable, so TypeScript and Vite leave the import to Node.
const MISSING = '@recall-test/not-installed';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('Expected a rejection.');
    },
    (error: unknown) => error,
  );
}

describe('importOptionalPeer', () => {
  test('a package that is not installed (ESM import) becomes PEER_DEPENDENCY_MISSING naming it', async () => {
    const error = await failureOf(
      importOptionalPeer({
        packageName: '@recall-test/not-installed',
        usedBy: 'createExampleStorage',
        load: () => import(/* @vite-ignore */ MISSING),
      }),
    );
    expect(RecallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PEER_DEPENDENCY_MISSING',
      retryable: false,
      message:
        'createExampleStorage needs the optional peer dependency "@recall-test/not-installed", which is not installed. Install it with: npm install @recall-test/not-installed',
    });
    expect((error as RecallError).cause).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
  });

  test('a subpath of a missing package (CommonJS require) counts as the package', async () => {
    const error = await failureOf(
      importOptionalPeer({
        packageName: '@recall-test/not-installed',
        usedBy: 'the helper',
        load: async () => require(`${MISSING}/helpers/zod`) as unknown,
      }),
    );
    expect(error).toMatchObject({ code: 'PEER_DEPENDENCY_MISSING' });
    expect((error as RecallError).cause).toMatchObject({ code: 'MODULE_NOT_FOUND' });
  });

  test('an installed package loads', async () => {
    const module = await importOptionalPeer({
      packageName: 'zod',
      usedBy: 'the test',
      load: () => import('zod'),
    });
    expect(typeof module.z.object).toBe('function');
  });

  test('other failures are not mistaken for a missing package', async () => {
    const broken = Object.assign(
      new Error("Cannot find module '/app/node_modules/pg/lib/gone.js' imported from /app/a.js"),
      { code: 'ERR_MODULE_NOT_FOUND' },
    );
    const other = Object.assign(new Error("Cannot find package 'pg-native'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const thrown = new Error('the module threw while loading');
    for (const error of [broken, other, thrown]) {
      await expect(
        importOptionalPeer({ packageName: 'pg', usedBy: 'x', load: () => Promise.reject(error) }),
      ).rejects.toBe(error);
    }
  });
});
