import { parseClientMessage } from './client-messages';

/** The error `parseClientMessage` returns for `raw`; throws when it parses. Tests only. */
export function errorOf(raw: unknown, options?: Parameters<typeof parseClientMessage>[1]) {
  const result = parseClientMessage(raw, options);
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.message)}`);
  return result.error;
}
