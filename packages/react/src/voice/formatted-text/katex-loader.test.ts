import { RecallError } from '@recall/core';
import { describe, expect, test, vi } from 'vitest';
import { createKatexLoader, type Katex } from './katex-loader';

const fakeKatex: Katex = { renderToString: (source) => `<b>${source}</b>` };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

describe('createKatexLoader', () => {
  test('loads once; stays pending (without notifying) until ready, then notifies', async () => {
    const module = deferred<{ default: Katex }>();
    const importKatex = vi.fn(() => module.promise);
    const loader = createKatexLoader(importKatex);
    const listener = vi.fn();
    loader.subscribe(listener);
    const pending = loader.getStatus();
    expect(pending).toEqual({ state: 'pending' });

    const first = loader.load();
    expect(loader.load()).toBe(first);
    expect(loader.getStatus()).toBe(pending);
    expect(listener).not.toHaveBeenCalled();

    module.resolve({ default: fakeKatex });
    await expect(first).resolves.toBe(fakeKatex);
    expect(loader.getStatus()).toEqual({ state: 'ready', katex: fakeKatex });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(importKatex).toHaveBeenCalledTimes(1);
  });

  test('a katex that is not installed fails with PEER_DEPENDENCY_MISSING naming it', async () => {
    const notFound = Object.assign(
      new Error(
        "Cannot find package 'katex' imported from /app/node_modules/@recall/react/dist/x.js",
      ),
      { code: 'ERR_MODULE_NOT_FOUND' },
    );
    const loader = createKatexLoader(() => Promise.reject(notFound));
    const error = await loader.load().catch((thrown: unknown) => thrown);
    expect(RecallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PEER_DEPENDENCY_MISSING',
      message: expect.stringContaining('npm install katex'),
      cause: notFound,
    });
    expect(loader.getStatus()).toEqual({ state: 'failed', error });
  });

  test('other failures are passed on as they are', async () => {
    const broken = new Error('katex threw while loading');
    const loader = createKatexLoader(() => Promise.reject(broken));
    await expect(loader.load()).rejects.toBe(broken);
    expect(loader.getStatus()).toEqual({ state: 'failed', error: broken });
  });
});
