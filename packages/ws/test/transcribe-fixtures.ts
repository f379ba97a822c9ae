import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMemoryStorage,
  type RecallSet,
  type Session,
  type StorageAdapter,
} from '@recall/core';
import type {
  TranscribeOptions,
  TranscriptionAdapter,
  TranscriptionResult,
} from '@recall/core/voice';
import { createTranscribeHandler, type TranscribeHandlerOptions } from '@recall/ws/server';
import { afterEach } from 'vitest';

export function fungiSet(): RecallSet {
  return {
    id: 'set-fungi',
    name: 'Fungi',
    description: '',
    status: 'active',
    points: [
      {
        id: 'point-1',
        recallSetId: 'set-fungi',
        content: 'Mycelium is the network of hyphae a fungus grows through soil.',
        context: '',
        position: 0,
        createdAt: 0,
        updatedAt: 0,
      },
    ],
    resources: [],
    createdAt: 0,
    updatedAt: 0,
  };
}

function session(id: string, userId: string): Session {
  return {
    id,
    recallSetId: 'set-fungi',
    userId,
    status: 'in_progress',
    targetPointIds: ['point-1'],
    recalledPointIds: [],
    startedAt: 0,
  };
}

/** Memory storage with Alice's session `session-alice` and Bob's `session-bob`. */
export async function seededStorage(): Promise<StorageAdapter> {
  const storage = createMemoryStorage();
  await storage.saveRecallSet(fungiSet());
  await storage.saveSession(session('session-alice', 'alice'));
  await storage.saveSession(session('session-bob', 'bob'));
  return storage;
}

/** `authorization: Bearer <userId>` authenticates as that user. */
export function bearerAuthenticate(request: IncomingMessage) {
  const match = /^Bearer (\w+)$/.exec(request.headers.authorization ?? '');
  return match?.[1] ? { userId: match[1] } : null;
}

/** A transcription adapter that records its calls and answers with `respond`. */
export function recordingTranscription(
  respond: (options: TranscribeOptions) => Promise<TranscriptionResult> | TranscriptionResult,
) {
  const calls: TranscribeOptions[] = [];
  const adapter: TranscriptionAdapter = {
    specificationVersion: 'recall-transcription-v1',
    name: 'recording',
    async transcribe(options) {
      calls.push(options);
      return respond(options);
    },
  };
  return { adapter, calls };
}

/** Serves the handler on 127.0.0.1, port 0. */
export async function serveHandler(options: TranscribeHandlerOptions) {
  const handler = createTranscribeHandler({ logger: {}, ...options });
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/transcribe`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A multipart upload as a browser's `FormData` would send it. */
export function audioForm(options: { sessionId?: string; audio?: Blob | null } = {}): FormData {
  const form = new FormData();
  if (options.sessionId !== undefined) form.set('sessionId', options.sessionId);
  const audio =
    options.audio === undefined
      ? new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'audio/webm' })
      : options.audio;
  if (audio !== null) form.set('audio', audio, 'recording.webm');
  return form;
}

export async function postForm(url: string, form: FormData, user: string | null = 'alice') {
  const response = await fetch(url, {
    method: 'POST',
    body: form,
    headers: user === null ? {} : { authorization: `Bearer ${user}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * `start` serves a handler on Alice's and Bob's sessions with bearer authentication (options
 * override), closed after each test of the calling file (call at its top level).
 */
export function useTranscribeServers() {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function start(options: Partial<Parameters<typeof serveHandler>[0]> = {}) {
    const served = await serveHandler({
      storage: await seededStorage(),
      authenticate: bearerAuthenticate,
      ...options,
    });
    servers.push(served);
    return served;
  }

  return { start };
}

/** A transcription that always hears "my selenium grows". */
export const echo = () => recordingTranscription(() => ({ text: 'my selenium grows' }));
