import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Resource, SessionEvent, StorageAdapter } from '@recall/core';
import { sendJson, sendJsonError } from './json-response';
import type { ApiHandler } from './request-handler';

/** Options for {@link createApiHandler}. */
export interface ApiHandlerOptions {
  storage: StorageAdapter;
  /** Epoch ms; decides which points are due. @default Date.now */
  clock?: () => number;
  /** Serialises a session's events as JSON Lines. */
  exportEvents: (events: readonly SessionEvent[]) => string;
  /** Where unexpected failures are reported (the client only sees a generic error). */
  onError?: (error: unknown) => void;
}

/** A recall set as the picker lists it. */
export interface RecallSetListItem {
  id: string;
  name: string;
  description: string;
  totalPoints: number;
  dueCount: number;
  nextDueAt: number | null;
}

/** A session as the sessions page lists it. */
export interface SessionListItem {
  id: string;
  recallSetId: string;
  status: string;
  totalPoints: number;
  recalledCount: number;
  startedAt: number;
  endedAt: number | null;
  pausedAt: number | null;
}

/** Ids in the demo are slugs or UUIDs; anything else cannot name a stored row. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

type Route =
  | { kind: 'recall-sets' }
  | { kind: 'recall-set'; recallSetId: string }
  | { kind: 'sessions' }
  | { kind: 'session-events'; sessionId: string }
  | { kind: 'bad-id'; what: 'recall set' | 'session' }
  | { kind: 'unknown' };

/**
 * The demo's JSON API under `/api`, answered for the request's user: another user's recall
 * set or session gets the same 404 as an id that does not exist. Returns false for paths
 * outside `/api` so the caller can try other handlers. Every answer is JSON (or JSON Lines);
 * failures never leak a stack trace.
 */
export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const clock = options.clock ?? Date.now;
  return async function handleApi(
    request: IncomingMessage,
    response: ServerResponse,
    { url, userId }: { url: URL; userId: string },
  ): Promise<boolean> {
    if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) return false;
    if (request.method !== 'GET') {
      sendJsonError(
        response,
        405,
        { code: 'METHOD_NOT_ALLOWED', message: 'The demo API is read-only: use GET.' },
        { allow: 'GET' },
      );
      return true;
    }
    try {
      await answer(matchRoute(url.pathname), url, response, userId);
    } catch (error) {
      options.onError?.(error);
      if (!response.headersSent) {
        sendJsonError(response, 500, { code: 'INTERNAL_ERROR', message: 'Internal server error.' });
      } else {
        response.destroy();
      }
    }
    return true;
  };

  async function answer(
    route: Route,
    url: URL,
    response: ServerResponse,
    userId: string,
  ): Promise<void> {
    switch (route.kind) {
      case 'recall-sets': {
        // Shared sets and the user's own, with the user's own due counts.
        const sets = await options.storage.listRecallSets({ now: clock(), userId });
        const items: RecallSetListItem[] = sets
          .filter((set) => set.status === 'active')
          .map((set) => ({
            id: set.id,
            name: set.name,
            description: set.description,
            totalPoints: set.totalPoints,
            dueCount: set.dueCount,
            nextDueAt: set.nextDueAt,
          }));
        sendJson(response, 200, items);
        return;
      }
      case 'recall-set': {
        const set = await options.storage.getRecallSet(route.recallSetId);
        // Another user's private set is reported exactly like a missing one.
        if (set === null || (set.ownerId !== undefined && set.ownerId !== userId)) {
          return notFound(response, 'RECALL_SET_NOT_FOUND', 'No such recall set.');
        }
        const due = await options.storage.getDuePoints({
          recallSetId: set.id,
          now: clock(),
          userId,
        });
        sendJson(response, 200, {
          id: set.id,
          name: set.name,
          description: set.description,
          status: set.status,
          totalPoints: set.points.length,
          dueCount: due.length,
          // `context` is help for the tutor and is never sent to the browser.
          points: [...set.points]
            .sort((a, b) => a.position - b.position)
            .map((point) => ({ id: point.id, content: point.content })),
          resources: set.resources.map(publicResource),
        });
        return;
      }
      case 'sessions': {
        const recallSetId = url.searchParams.get('recallSetId');
        if (recallSetId !== null && !ID_PATTERN.test(recallSetId)) {
          return notFound(response, 'RECALL_SET_NOT_FOUND', 'No such recall set.');
        }
        const sessions = await options.storage.listSessions({
          userId,
          ...(recallSetId === null ? {} : { recallSetId }),
        });
        const items: SessionListItem[] = sessions
          .map((session) => ({
            id: session.id,
            recallSetId: session.recallSetId,
            status: session.status,
            totalPoints: session.targetPointIds.length,
            recalledCount: session.recalledPointIds.length,
            startedAt: session.startedAt,
            endedAt: session.endedAt ?? null,
            pausedAt: session.pausedAt ?? null,
          }))
          .sort((a, b) => b.startedAt - a.startedAt);
        sendJson(response, 200, items);
        return;
      }
      case 'session-events': {
        const session = await options.storage.getSession(route.sessionId);
        // Another user's session (or one nobody owns) is reported exactly like a missing one.
        if (session === null || session.userId !== userId) {
          return notFound(response, 'SESSION_NOT_FOUND', 'No such session.');
        }
        const body = options.exportEvents(await options.storage.read(route.sessionId));
        response.writeHead(200, {
          'content-type': 'application/x-ndjson; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        });
        response.end(body);
        return;
      }
      case 'bad-id':
        return route.what === 'session'
          ? notFound(response, 'SESSION_NOT_FOUND', 'No such session.')
          : notFound(response, 'RECALL_SET_NOT_FOUND', 'No such recall set.');
      case 'unknown':
        return notFound(response, 'NOT_FOUND', `No API route ${url.pathname}.`);
    }
  }
}

function notFound(response: ServerResponse, code: string, message: string): void {
  sendJsonError(response, 404, { code, message });
}

function matchRoute(pathname: string): Route {
  const parts = pathname.split('/').slice(2);
  const [collection, rawId, extra, ...rest] = parts;
  if (rest.length > 0) return { kind: 'unknown' };
  if (collection === 'recall-sets') {
    if (rawId === undefined || (rawId === '' && extra === undefined)) {
      return { kind: 'recall-sets' };
    }
    if (extra !== undefined) return { kind: 'unknown' };
    const recallSetId = decodeId(rawId);
    return recallSetId === null
      ? { kind: 'bad-id', what: 'recall set' }
      : { kind: 'recall-set', recallSetId };
  }
  if (collection === 'sessions') {
    if (rawId === undefined || (rawId === '' && extra === undefined)) return { kind: 'sessions' };
    if (extra !== 'events') return { kind: 'unknown' };
    const sessionId = decodeId(rawId);
    return sessionId === null
      ? { kind: 'bad-id', what: 'session' }
      : { kind: 'session-events', sessionId };
  }
  return { kind: 'unknown' };
}

function decodeId(raw: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return ID_PATTERN.test(id) ? id : null;
}

function publicResource(resource: Resource) {
  const base = {
    id: resource.id,
    kind: resource.kind,
    title: resource.title,
    mimeType: resource.mimeType ?? null,
    license: resource.license ?? null,
    source: resource.source ?? null,
    pointIds: resource.links.map((link) => link.pointId),
  };
  switch (resource.kind) {
    case 'text':
      return { ...base, content: resource.content };
    case 'image':
      return { ...base, url: resource.url, caption: resource.caption ?? null };
  }
}
