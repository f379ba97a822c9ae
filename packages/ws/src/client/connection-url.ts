/** Which session a connection asks for. */
export type ConnectionTarget = { recallSetId: string } | { sessionId: string; afterSeq: number };

/**
 * The connection URL: `url` plus `?recallSetId=…` or `?sessionId=…&afterSeq=N`, and
 * `token=…` when given. Existing query parameters of `url` are kept.
 */
export function buildConnectionUrl(
  url: string,
  target: ConnectionTarget,
  userToken?: string,
): string {
  const parameters = new URLSearchParams();
  if ('recallSetId' in target) parameters.set('recallSetId', target.recallSetId);
  else {
    parameters.set('sessionId', target.sessionId);
    parameters.set('afterSeq', String(target.afterSeq));
  }
  if (userToken !== undefined) parameters.set('token', userToken);
  const [base, hash] = splitHash(url);
  const separator = base.includes('?')
    ? base.endsWith('?') || base.endsWith('&')
      ? ''
      : '&'
    : '?';
  return `${base}${separator}${parameters.toString()}${hash}`;
}

function splitHash(url: string): [string, string] {
  const index = url.indexOf('#');
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index)];
}
