import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
export interface FakeDeepgramRequest {
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The audio bytes. */
  body: Buffer;
}

/** A running stand-in for Deepgram's pre-recorded API. */
export interface FakeDeepgram {
  /** Pass as the adapter's `baseURL`. */
  url: string;
  requests: FakeDeepgramRequest[];
  close(): Promise<void>;
}

/**
 * A local stand-in for `POST /v1/listen`: checks the `Token` header, records the audio and
 * answers `transcript` in Deepgram's response shape (so the real adapter parses it). It does
 * not recognise speech; the test chooses what was "heard".
 */
export async function startFakeDeepgram(options: {
  apiKey: string;
  transcript: string;
}): Promise<FakeDeepgram> {
  const requests: FakeDeepgramRequest[] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = await readBody(request);
    requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
    });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.method !== 'POST' || url.pathname !== '/v1/listen') {
      return send(404, { err_code: 'NOT_FOUND', err_msg: `No route ${url.pathname}.` });
    }
    if (request.headers.authorization !== `Token ${options.apiKey}`) {
      return send(401, { err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.' });
    }
    if (body.length === 0) {
      return send(400, { err_code: 'Bad Request', err_msg: 'No audio.' });
    }
    send(200, {
      metadata: {
        request_id: `fake-${requests.length}`,
        created: new Date().toISOString(),
        duration: 2.5,
        channels: 1,
        models: ['fake-model'],
      },
      results: {
        channels: [
          { alternatives: [{ transcript: options.transcript, confidence: 0.97, words: [] }] },
        ],
      },
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
