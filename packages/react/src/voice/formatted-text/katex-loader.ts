import { RecallError } from '@recall/core';
import type katex from 'katex';

/** The KaTeX API the renderer uses. */
export type Katex = Pick<typeof katex, 'renderToString'>;

/** Where loading KaTeX stands: not loaded yet (or loading), loaded, or failed. */
export type KatexStatus =
  | { state: 'pending' }
  | { state: 'ready'; katex: Katex }
  | { state: 'failed'; error: Error };

/** KaTeX, loaded on first use, as a store for `useSyncExternalStore`. */
export interface KatexLoader {
  getStatus(): KatexStatus;
  /** Calls `listener` once KaTeX is ready or has failed. */
  subscribe(listener: () => void): () => void;
  /** Starts loading (once); resolves with KaTeX, rejects with why it cannot be loaded. */
  load(): Promise<Katex>;
}

const PENDING: KatexStatus = { state: 'pending' };

/**
 * Creates the loader. Starting to load does not change the status (it stays `pending`), so
 * `load()` may be called while rendering; only `ready` and `failed` notify subscribers.
 */
export function createKatexLoader(importKatex: () => Promise<{ default: Katex }>): KatexLoader {
  let status = PENDING;
  let loading: Promise<Katex> | undefined;
  const listeners = new Set<() => void>();
  const settle = (next: KatexStatus) => {
    status = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      loading ??= importKatex().then(
        (module) => {
          settle({ state: 'ready', katex: module.default });
          return module.default;
        },
        (cause: unknown) => {
          const error = katexLoadError(cause);
          settle({ state: 'failed', error });
          throw error;
        },
      );
      return loading;
    },
  };
}

/** The loader `FormattedText` uses: KaTeX is an optional peer of `@recall/react/voice/formatted-text`. */
export const katexLoader = createKatexLoader(() => import('katex'));

/**
 * A missing `katex` becomes a `RecallError` (`PEER_DEPENDENCY_MISSING`) that says what to
 * install; the same rule as @recall/core's optional peers (Node's "Cannot find package 'katex'"
 * in ESM, "Cannot find module 'katex'" in CommonJS). Anything else is passed on.
 */
function katexLoadError(cause: unknown): Error {
  const code = (cause as { code?: unknown } | null)?.code;
  const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
  if (notFound && cause instanceof Error && /['"]katex['"/]/.test(cause.message)) {
    return new RecallError(
      'PEER_DEPENDENCY_MISSING',
      '@recall/react/voice/formatted-text renders maths with the optional peer dependency "katex", which is not installed. Install it with: npm install katex',
      { cause },
    );
  }
  return cause instanceof Error ? cause : new Error(String(cause));
}
