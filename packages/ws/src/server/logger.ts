/** Structured fields of a log entry. Never holds message contents or credentials. */
export type LogFields = Record<string, string | number | boolean | undefined>;

/**
 * Where the server reports connections, rejections and failures. Each method is optional.
 * Entries carry ids, codes and addresses — never message contents or tokens.
 */
export interface RecallServerLogger {
  info?(message: string, fields?: LogFields): void;
  warn?(message: string, fields?: LogFields): void;
  error?(message: string, fields?: LogFields): void;
}

/** The default: warnings and errors to the console, info dropped. */
export const consoleLogger: RecallServerLogger = {
  warn: (message, fields) => console.warn(`[recall/ws] ${message}`, fields ?? {}),
  error: (message, fields) => console.error(`[recall/ws] ${message}`, fields ?? {}),
};
