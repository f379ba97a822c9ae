import type { ServerResponse } from 'node:http';

/** Writes `body` as JSON with the given status. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    // Answers are per user: never cached, never sniffed as anything but JSON.
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(text);
}

/** Writes a JSON error `{ error: { code, message } }`: plain data, never a stack trace. */
export function sendJsonError(
  response: ServerResponse,
  status: number,
  error: { code: string; message: string },
  headers: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  sendJson(response, status, { error });
}
