import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AllowedHosts, isHostAllowed } from '@recall/ws/server';
import type { DemoIdentity } from './demo-identity';
import { sendJsonError } from './json-response';
import { setSecurityHeaders } from './security-headers';
import { serveStaticFile } from './static-files';

/** Answers `/api/…` for the request's user; resolves false for other paths. */
export type ApiHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  context: { url: URL; userId: string },
) => Promise<boolean>;

/** Options for {@link createRequestHandler}. */
export interface RequestHandlerOptions {
  /** Answers `/api/…`; resolves false for other paths. */
  api: ApiHandler;
  /** Who the request is; a browser gets its user (and cookie) on its first request. */
  identity: DemoIdentity;
  /** Host names this server answers (the same list the WebSocket server checks). */
  allowedHosts: AllowedHosts;
  /** Directory served under `/media/` (the seed sets' images). */
  mediaDir: string;
  /** The built React app, or null when it is not served. */
  appDir: string | null;
  onError?: (error: unknown) => void;
}

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>Recall demo server</title>
<p>The Recall demo server is running, but the React app is not built.
Run <code>npm run demo</code> from the repository root to build and serve it.</p>`;

/**
 * The demo's plain `http` request listener: the JSON API, the media files and the built app
 * (with `index.html` for client-side routes). WebSocket upgrades never reach it.
 */
export function createRequestHandler(options: RequestHandlerOptions) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) {
        sendJsonError(response, 500, { code: 'INTERNAL_ERROR', message: 'Internal server error.' });
      } else {
        response.destroy();
      }
    });
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    setSecurityHeaders(response);
    // A page on a rebound DNS name must not read this user's data (DNS rebinding).
    if (!isHostAllowed(request, options.allowedHosts)) {
      sendJsonError(response, 403, { code: 'FORBIDDEN', message: 'Host not allowed.' });
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const learner = await options.identity.ensure(request, response);
    if (!learner.ok) {
      const seconds = Math.ceil(learner.retryAfterMs / 1000);
      sendJsonError(
        response,
        429,
        {
          code: 'RATE_LIMITED',
          message: `Too many new learners from your network; retry in ${seconds} s.`,
        },
        { 'retry-after': String(seconds) },
      );
      return;
    }
    const { userId } = learner;
    if (await options.api(request, response, { url, userId })) return;
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      sendJsonError(
        response,
        405,
        { code: 'METHOD_NOT_ALLOWED', message: 'Only GET is supported.' },
        { allow: 'GET, HEAD' },
      );
      return;
    }
    const headOnly = method === 'HEAD';
    if (url.pathname.startsWith('/media/')) {
      const path = url.pathname.slice('/media/'.length);
      if (await serveStaticFile(response, { root: options.mediaDir, path, headOnly })) return;
      return notFound(response, url);
    }
    if (options.appDir === null) {
      if (url.pathname === '/') return sendHtml(response, NOT_BUILT_PAGE);
      return notFound(response, url);
    }
    const path = url.pathname === '/' ? 'index.html' : url.pathname;
    const immutable = url.pathname.startsWith('/assets/');
    if (await serveStaticFile(response, { root: options.appDir, path, immutable, headOnly }))
      return;
    // Client-side routes (no file extension) get the app's shell; missing files get 404.
    if (!/\.[a-z0-9]+$/i.test(url.pathname)) {
      const served = await serveStaticFile(response, {
        root: options.appDir,
        path: 'index.html',
        headOnly,
      });
      if (served) return;
      return sendHtml(response, NOT_BUILT_PAGE);
    }
    notFound(response, url);
  }
}

function notFound(response: ServerResponse, url: URL): void {
  sendJsonError(response, 404, { code: 'NOT_FOUND', message: `Nothing at ${url.pathname}.` });
}

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  response.end(html);
}
