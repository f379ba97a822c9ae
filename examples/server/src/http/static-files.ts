import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Options for {@link serveStaticFile}. */
export interface StaticFileOptions {
  /** Directory the files come from; nothing outside it is ever served. */
  root: string;
  /** URL path below the mount point, e.g. `/assets/index-abc.js`. */
  path: string;
  /** Whether the file name carries a content hash (cached for a year). @default false */
  immutable?: boolean;
  /** Whether to send only the headers (a HEAD request). @default false */
  headOnly?: boolean;
}

/**
 * Streams one file from `root`. Resolves false (writing nothing) when the path is malformed,
 * escapes `root`, or names no regular file, so the caller can fall back or answer 404.
 */
export async function serveStaticFile(
  response: ServerResponse,
  options: StaticFileOptions,
): Promise<boolean> {
  let relative: string;
  try {
    relative = decodeURIComponent(options.path);
  } catch {
    return false;
  }
  if (relative.includes('\0')) return false;
  const root = resolve(options.root);
  const file = resolve(join(root, relative));
  if (file !== root && !file.startsWith(root + sep)) return false;
  const stats = await stat(file).catch(() => null);
  if (stats === null || !stats.isFile()) return false;
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': stats.size,
    'cache-control':
      options.immutable === true ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (options.headOnly === true) {
    response.end();
    return true;
  }
  await new Promise<void>((done) => {
    const stream = createReadStream(file);
    stream.on('error', () => {
      response.destroy();
      done();
    });
    stream.on('end', done);
    stream.pipe(response);
  });
  return true;
}
