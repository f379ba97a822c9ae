import { RECALL_ERROR_CODES } from '@recall/core';
import { CLOSE_CODES } from './close-codes';

/** The README's error-code table, rendered from `RECALL_ERROR_CODES` (the one source). */
export function renderErrorCodeTable(): string {
  const rows = Object.entries(RECALL_ERROR_CODES).map(
    ([code, info]) => `| \`${code}\` | ${info.retryable ? 'yes' : 'no'} | ${info.description} |`,
  );
  return ['| code | retryable | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The README's close-code table, rendered from `CLOSE_CODES`. */
export function renderCloseCodeTable(): string {
  const rows = Object.entries(CLOSE_CODES).map(
    ([name, info]) => `| ${info.code} | \`${name}\` | ${info.retry} | ${info.description} |`,
  );
  return ['| code | name | retry | meaning |', '|---|---|---|---|', ...rows].join('\n');
}
