/** Stable codes of {@link RecallEvalError}. */
export const EVAL_ERROR_CODES = {
  /** A command-line flag is unknown, missing its value, or has a value that cannot be used. */
  EVAL_BAD_FLAG: 'EVAL_BAD_FLAG',
  /** The sets file cannot be read, is not JSON, or is not an array of recall set definitions. */
  EVAL_SETS_INVALID: 'EVAL_SETS_INVALID',
  /** The thresholds file cannot be read or names an unknown metric. */
  EVAL_THRESHOLDS_INVALID: 'EVAL_THRESHOLDS_INVALID',
  /** A `module:` adapter cannot be loaded or exports no LLMAdapter. */
  EVAL_MODULE_INVALID: 'EVAL_MODULE_INVALID',
} as const;

/** One of {@link EVAL_ERROR_CODES}. */
export type RecallEvalErrorCode = keyof typeof EVAL_ERROR_CODES;

/** A run that cannot start: `code` says which input is wrong, `message` what to change. */
export class RecallEvalError extends Error {
  override readonly name = 'RecallEvalError';
  readonly code: RecallEvalErrorCode;

  constructor(code: RecallEvalErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
