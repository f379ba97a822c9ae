import { isStorableText } from '@recall/core';

/** What a connection URL asks for. */
export type ConnectionTarget =
  | { kind: 'recall-set'; recallSetId: string }
  | { kind: 'session'; sessionId: string; afterSeq: number | null };

/** The outcome of {@link parseConnectionRequest}. */
export type ParseConnectionResult =
  | { ok: true; pathname: string; target: ConnectionTarget }
  | { ok: false; pathname: string; reason: string };

const MAX_ID_LENGTH = 200;

function isUsableId(value: string): boolean {
  // `%00` and lone surrogates could name no stored row on any storage; refuse them here.
  return value.length > 0 && value.length <= MAX_ID_LENGTH && isStorableText(value);
}

/**
 * Reads the session selection from an upgrade URL: `?recallSetId=…` or
 * `?sessionId=…&afterSeq=N`. A malformed `afterSeq` becomes `null` (an invalid resume,
 * answered after the upgrade so the client can fall back to a full resync).
 */
export function parseConnectionRequest(requestUrl: string | undefined): ParseConnectionResult {
  let url: URL;
  try {
    url = new URL(requestUrl ?? '/', 'http://localhost');
  } catch {
    return { ok: false, pathname: '', reason: 'The request URL is malformed.' };
  }
  const pathname = url.pathname;
  const recallSetId = url.searchParams.get('recallSetId');
  const sessionId = url.searchParams.get('sessionId');
  if ((recallSetId === null) === (sessionId === null)) {
    return { ok: false, pathname, reason: 'Pass exactly one of recallSetId and sessionId.' };
  }
  if (recallSetId !== null) {
    if (!isUsableId(recallSetId)) return { ok: false, pathname, reason: 'Invalid recallSetId.' };
    if (url.searchParams.has('afterSeq')) {
      return { ok: false, pathname, reason: 'afterSeq only applies together with sessionId.' };
    }
    return { ok: true, pathname, target: { kind: 'recall-set', recallSetId } };
  }
  if (sessionId === null || !isUsableId(sessionId)) {
    return { ok: false, pathname, reason: 'Invalid sessionId.' };
  }
  const rawAfterSeq = url.searchParams.get('afterSeq') ?? '0';
  const afterSeq = /^(0|[1-9]\d{0,14})$/.test(rawAfterSeq) ? Number(rawAfterSeq) : null;
  return { ok: true, pathname, target: { kind: 'session', sessionId, afterSeq } };
}

/** The request URL without its query values, safe to log (tokens stay out of logs). */
export function redactRequestUrl(requestUrl: string | undefined): string {
  try {
    const url = new URL(requestUrl ?? '/', 'http://localhost');
    const names = [...new Set(url.searchParams.keys())];
    return names.length === 0 ? url.pathname : `${url.pathname}?${names.join('&')}`;
  } catch {
    return '(malformed)';
  }
}
