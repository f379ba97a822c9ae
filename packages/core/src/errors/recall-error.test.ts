import { describe, expect, test } from 'vitest';
import { RECALL_ERROR_CODES, type RecallErrorCode, isRetryableCode } from './codes';
import { ConcurrencyError, LLMOutputError, RecallError, toRecallError } from './recall-error';

describe('RECALL_ERROR_CODES', () => {
  test('every code has a boolean retryable and a description', () => {
    for (const [code, entry] of Object.entries(RECALL_ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
      expect(typeof entry.retryable).toBe('boolean');
      expect(entry.description.length).toBeGreaterThan(0);
      expect(isRetryableCode(code as RecallErrorCode)).toBe(entry.retryable);
    }
  });

  test('includes the protocol parse codes, not retryable', () => {
    for (const code of [
      'INVALID_JSON',
      'INVALID_MESSAGE',
      'UNKNOWN_MESSAGE_TYPE',
      'MESSAGE_TOO_LARGE',
    ] as const) {
      expect(RECALL_ERROR_CODES[code].retryable).toBe(false);
    }
    expect(isRetryableCode('RATE_LIMITED')).toBe(true);
    expect(isRetryableCode('FORBIDDEN')).toBe(false);
  });
});

describe('RecallError', () => {
  test('carries code, retryable, retryAfterMs and cause', () => {
    const cause = new Error('socket hang up');
    const error = new RecallError('LLM_UNAVAILABLE', 'Overloaded.', { cause, retryAfterMs: 250 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RecallError');
    expect(error.code).toBe('LLM_UNAVAILABLE');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(250);
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toEqual({
      code: 'LLM_UNAVAILABLE',
      message: 'Overloaded.',
      retryAfterMs: 250,
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual(error.toJSON());
  });

  test('toJSON omits retryAfterMs when unknown and never includes the stack', () => {
    const json = new RecallError('FORBIDDEN', 'No.').toJSON();
    expect(json).toEqual({ code: 'FORBIDDEN', message: 'No.' });
    expect('cause' in new RecallError('FORBIDDEN', 'No.')).toBe(false);
  });

  test('isInstance recognises errors from another copy of the package by brand', () => {
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('recall.error')]: true,
      code: 'ABORTED',
    });
    expect(RecallError.isInstance(foreign)).toBe(true);
    expect(RecallError.isInstance(new Error('plain'))).toBe(false);
    expect(RecallError.isInstance(null)).toBe(false);
    expect(RecallError.isInstance('RecallError')).toBe(false);
    expect(RecallError.isInstance(new ConcurrencyError('s', 3, 4))).toBe(true);
  });

  test('instanceof checks the brand: a copy of a class answers like the class', () => {
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('recall.error')]: true,
      [Symbol.for('recall.error.ConcurrencyError')]: true,
    });
    expect(foreign instanceof RecallError).toBe(true);
    expect(foreign instanceof ConcurrencyError).toBe(true);
    expect(foreign instanceof LLMOutputError).toBe(false);
    expect(new LLMOutputError('Bad.', '') instanceof ConcurrencyError).toBe(false);
    expect(new ConcurrencyError('s', 1, 2) instanceof RecallError).toBe(true);
    expect(new Error('plain') instanceof RecallError).toBe(false);
    expect((null as unknown) instanceof RecallError).toBe(false);
  });

  test('an app subclass without its own brand keeps the prototype check', () => {
    class AppError extends RecallError {}
    expect(new AppError('ABORTED', 'x') instanceof AppError).toBe(true);
    expect(new AppError('ABORTED', 'x') instanceof RecallError).toBe(true);
    expect(new RecallError('ABORTED', 'x') instanceof AppError).toBe(false);
  });

  test('subclasses keep their codes and details', () => {
    const conflict = new ConcurrencyError('session-1', 3, 5);
    expect(conflict.code).toBe('CONCURRENCY_CONFLICT');
    expect(conflict.retryable).toBe(true);
    expect([conflict.expectedSeq, conflict.actualSeq]).toEqual([3, 5]);
    expect(conflict.message).toContain('session-1');
    expect(conflict.name).toBe('ConcurrencyError');

    const output = new LLMOutputError('Bad JSON.', '{"oops"');
    expect(output.code).toBe('LLM_OUTPUT_INVALID');
    expect(output.rawOutput).toBe('{"oops"');
    expect(output).toBeInstanceOf(RecallError);
  });
});

describe('toRecallError', () => {
  test('keeps RecallErrors as they are', () => {
    const error = new RecallError('SESSION_ENDED', 'Done.');
    expect(toRecallError(error)).toBe(error);
  });

  test('maps an AbortError to ABORTED', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const error = toRecallError(abort);
    expect(error.code).toBe('ABORTED');
    expect(error.cause).toBe(abort);
  });

  test('wraps anything else as INTERNAL_ERROR', () => {
    expect(toRecallError(new TypeError('boom'))).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: 'boom',
    });
    expect(toRecallError('text')).toMatchObject({ code: 'INTERNAL_ERROR', message: 'text' });
    expect(toRecallError(undefined)).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: 'undefined',
    });
    expect(toRecallError(new Error(''))).toMatchObject({ message: 'Unexpected error.' });
  });
});
