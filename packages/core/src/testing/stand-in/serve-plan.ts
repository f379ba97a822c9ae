import type { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { ResponsePlan } from './response-plan';
import { playFrames, sleep } from './play-frames';

/** What a local mock server records about a request's outcome. */
export interface PlayedRequestRecord {
  aborted: boolean;
  completedAt: number | undefined;
}

/** A local HTTP server of a stand-in, listening on loopback. */
export interface LocalListener {
  /** The origin, e.g. `http://127.0.0.1:53211` (no trailing slash). */
  url: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts an HTTP server that hands each request to `handle` (a failing handler drops the
 * socket). The caller passes `node:http`'s `createServer`, imported the way its entry needs.
 */
export async function listenLocally(
  http: { createServer: typeof createServer },
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  options: { port?: number | undefined; host?: string | undefined },
): Promise<LocalListener> {
  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no port.');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads a request's body and its headers (names lower-cased, repeated values joined). */
export async function readRequest(
  request: IncomingMessage,
): Promise<{ rawBody: string; headers: Record<string, string> }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { rawBody: Buffer.concat(chunks).toString('utf8'), headers };
}

/**
 * Plays a planned response over a real socket: waits, writes frames as they come, drops the
 * socket where the plan says so (a real mid-body disconnect), and records a client abort.
 */
export async function servePlan(options: {
  request: IncomingMessage;
  response: ServerResponse;
  recorded: PlayedRequestRecord;
  plan: ResponsePlan;
}): Promise<void> {
  const { request, response, recorded, plan } = options;
  const clientGone = new AbortController();
  // A connection the mock drops on purpose is not a client abort.
  let dropping = false;
  response.on('close', () => {
    if (!response.writableFinished && !dropping) recorded.aborted = true;
    clientGone.abort();
  });

  switch (plan.kind) {
    case 'network-error':
      await sleep(plan.delayMs, clientGone.signal);
      dropping = true;
      recorded.completedAt = Date.now();
      request.socket.destroy();
      return;
    case 'stall':
      await sleep(Number.POSITIVE_INFINITY, clientGone.signal);
      return;
    case 'response':
      break;
  }
  await sleep(plan.headersDelayMs, clientGone.signal);
  if (clientGone.signal.aborted) return;
  response.writeHead(plan.status, plan.headers);
  response.flushHeaders();
  let written: Promise<void> = Promise.resolve();
  for await (const frame of playFrames(plan.frames, clientGone.signal)) {
    if (frame.type === 'disconnect') {
      // Let what was written reach the client first, then drop the connection mid-body.
      await written;
      dropping = true;
      recorded.completedAt = Date.now();
      response.socket?.destroy();
      return;
    }
    written = new Promise((resolve) => response.write(frame.data, () => resolve()));
  }
  if (clientGone.signal.aborted) return;
  response.end(() => {
    recorded.completedAt = Date.now();
  });
}
