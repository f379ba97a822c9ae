import { RECALL_ERROR_CODES, type RecallErrorCode } from './codes';

// Brands on process-wide registry keys (`Symbol.for`), so that every copy of this class agrees:
// the ESM and CommonJS builds, each entry's bundle, two installed versions of the package.
const BRAND = /* @__PURE__ */ Symbol.for('recall.error');
const CONCURRENCY_BRAND = /* @__PURE__ */ Symbol.for('recall.error.ConcurrencyError');
const OUTPUT_BRAND = /* @__PURE__ */ Symbol.for('recall.error.LLMOutputError');
/** The static field naming the brand a class's instances carry. */
const CLASS_BRAND = /* @__PURE__ */ Symbol.for('recall.error.class');

/**
 * `instanceof` by brand for the classes that own one; a class extending ours without its own
 * brand (an app's subclass) keeps the ordinary prototype check.
 */
function hasBrandOf(owner: unknown, value: unknown): boolean {
  if (typeof owner !== 'function') return false;
  if (!Object.hasOwn(owner, CLASS_BRAND)) {
    return Function.prototype[Symbol.hasInstance].call(owner, value);
  }
  const brand = (owner as unknown as Record<symbol, symbol>)[CLASS_BRAND] as symbol;
  return typeof value === 'object' && value !== null && brand in value;
}

/** Options for {@link RecallError}. */
export interface RecallErrorOptions {
  cause?: unknown;
  /** Suggested wait before retrying, when the source said so. */
  retryAfterMs?: number;
}

/**
 * The base of every error Recall throws or reports. `code` is stable: match on it. `instanceof`
 * works too, whichever entry, build (ESM or CommonJS) or copy of the package made the error:
 * it checks a brand, not the prototype chain.
 *
 * @example
 * if (RecallError.isInstance(error) && error.code === 'SESSION_NOT_FOUND') show404();
 */
export class RecallError extends Error {
  readonly code: RecallErrorCode;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly [BRAND] = true;
  static readonly [CLASS_BRAND]: symbol = BRAND;

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of instanceof (a subclass inherits this method).
    return hasBrandOf(this, value);
  }

  constructor(code: RecallErrorCode, message: string, options: RecallErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RecallError';
    this.code = code;
    this.retryable = RECALL_ERROR_CODES[code].retryable;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** True for any RecallError, even one from another copy of this package. */
  static isInstance(value: unknown): value is RecallError {
    return typeof value === 'object' && value !== null && BRAND in value;
  }

  /** The wire form: plain data, no stack. */
  toJSON(): { code: RecallErrorCode; message: string; retryAfterMs?: number } {
    return {
      code: this.code,
      message: this.message,
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
    };
  }
}

/** Raised when another writer appended to a session's log first. */
export class ConcurrencyError extends RecallError {
  readonly expectedSeq: number;
  readonly actualSeq: number;
  readonly [CONCURRENCY_BRAND] = true;
  static override readonly [CLASS_BRAND]: symbol = CONCURRENCY_BRAND;
  constructor(sessionId: string, expectedSeq: number, actualSeq: number) {
    super(
      'CONCURRENCY_CONFLICT',
      `Session ${sessionId}: expected the log to end at seq ${expectedSeq}, but it ends at ${actualSeq}.`,
    );
    this.name = 'ConcurrencyError';
    this.expectedSeq = expectedSeq;
    this.actualSeq = actualSeq;
  }
}

/** Raised when a model's structured output stays invalid after one retry. */
export class LLMOutputError extends RecallError {
  readonly rawOutput: string;
  readonly [OUTPUT_BRAND] = true;
  static override readonly [CLASS_BRAND]: symbol = OUTPUT_BRAND;
  constructor(message: string, rawOutput: string, options: RecallErrorOptions = {}) {
    super('LLM_OUTPUT_INVALID', message, options);
    this.name = 'LLMOutputError';
    this.rawOutput = rawOutput;
  }
}

/** Wraps anything thrown into a RecallError, keeping RecallErrors as they are. */
export function toRecallError(error: unknown): RecallError {
  if (RecallError.isInstance(error)) return error;
  if (error instanceof Error && error.name === 'AbortError') {
    return new RecallError('ABORTED', 'The operation was cancelled.', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RecallError('INTERNAL_ERROR', message || 'Unexpected error.', { cause: error });
}
