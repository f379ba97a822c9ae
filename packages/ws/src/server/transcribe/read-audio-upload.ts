import type { IncomingMessage } from 'node:http';
import { RecallError } from '@recall/core';

/** The audio file and session id of a `multipart/form-data` upload. */
export interface AudioUpload {
  audio: Uint8Array;
  mimeType: string;
  sessionId: string;
}

// Room for the boundaries, part headers and the sessionId field around the audio.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MAX_SESSION_ID_LENGTH = 200;

/**
 * Reads a `multipart/form-data` body with an `audio` file and a `sessionId` field.
 * The size limit is enforced on the declared length and again while streaming, so at most
 * `maxBytes` plus a small overhead is ever held in memory. Errors are RecallErrors:
 * `MESSAGE_TOO_LARGE` over the limit, `INVALID_MESSAGE` for anything malformed or empty.
 */
export async function readAudioUpload(
  request: IncomingMessage,
  options: { maxBytes: number },
): Promise<AudioUpload> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new RecallError('INVALID_MESSAGE', 'Send the audio as multipart/form-data.');
  }
  const body = await readBody(request, options.maxBytes);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    throw new RecallError('INVALID_MESSAGE', 'The multipart body is malformed.', { cause: error });
  }
  const sessionId = form.get('sessionId');
  if (
    typeof sessionId !== 'string' ||
    sessionId === '' ||
    sessionId.length > MAX_SESSION_ID_LENGTH
  ) {
    throw new RecallError('INVALID_MESSAGE', 'The `sessionId` field is missing or invalid.');
  }
  const audio = form.get('audio');
  if (audio === null || typeof audio === 'string') {
    throw new RecallError('INVALID_MESSAGE', 'The `audio` file is missing.');
  }
  if (audio.size === 0) throw new RecallError('INVALID_MESSAGE', 'The audio file is empty.');
  if (audio.size > options.maxBytes) throw tooLarge(options.maxBytes);
  return {
    audio: new Uint8Array(await audio.arrayBuffer()),
    mimeType: audio.type || 'application/octet-stream',
    sessionId,
  };
}

function readBody(request: IncomingMessage, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const limit = maxBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) {
        chunks.push(chunk);
        return;
      }
      // Stop buffering without destroying the socket, so the 413 can still be sent.
      cleanup();
      request.pause();
      reject(tooLarge(maxBytes));
    };
    const onEnd = () => {
      cleanup();
      resolve(new Uint8Array(Buffer.concat(chunks, received)));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new RecallError('INVALID_MESSAGE', 'The upload failed.', { cause: error }));
    };
    const onAborted = () => onError(new Error('The client aborted the upload.'));
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('aborted', onAborted);
  });
}

function tooLarge(limit: number): RecallError {
  return new RecallError(
    'MESSAGE_TOO_LARGE',
    `The audio is larger than the ${formatBytes(limit)} limit.`,
  );
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}
