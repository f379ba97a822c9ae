import type { SessionEvent } from '@recall/core';

/** A recall set as `GET /api/recall-sets` lists it. */
export interface RecallSetItem {
  id: string;
  name: string;
  description: string;
  totalPoints: number;
  dueCount: number;
  nextDueAt: number | null;
}

/** A session as `GET /api/sessions` lists it. */
export interface SessionItem {
  id: string;
  recallSetId: string;
  status: 'in_progress' | 'paused' | 'completed' | 'abandoned';
  totalPoints: number;
  recalledCount: number;
  startedAt: number;
  endedAt: number | null;
  pausedAt: number | null;
}

/** A resource as `GET /api/recall-sets/:id` returns it. */
export type ResourceItem = {
  id: string;
  title: string;
  license: string | null;
  source: string | null;
  pointIds: string[];
} & ({ kind: 'text'; content: string } | { kind: 'image'; url: string; caption: string | null });

/** A recall set with its points (content only) and resources. */
export interface RecallSetDetail {
  id: string;
  name: string;
  description: string;
  totalPoints: number;
  dueCount: number;
  points: { id: string; content: string }[];
  resources: ResourceItem[];
}

/** A failed API call, with the server's error code when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function request(path: string, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(path, {
    signal: signal ?? null,
    headers: { accept: 'application/json' },
  });
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  throw new ApiError(
    response.status,
    body?.error?.code ?? 'HTTP_ERROR',
    body?.error?.message ?? `The server answered ${response.status}.`,
  );
}

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await (await request(path, signal)).json()) as T;
}

export const api = {
  recallSets: (signal?: AbortSignal) => getJson<RecallSetItem[]>('/api/recall-sets', signal),
  recallSet: (id: string, signal?: AbortSignal) =>
    getJson<RecallSetDetail>(`/api/recall-sets/${encodeURIComponent(id)}`, signal),
  sessions: (options: { recallSetId?: string } = {}, signal?: AbortSignal) =>
    getJson<SessionItem[]>(
      options.recallSetId === undefined
        ? '/api/sessions'
        : `/api/sessions?recallSetId=${encodeURIComponent(options.recallSetId)}`,
      signal,
    ),
  /** A session's stored event log, parsed from JSON Lines. */
  async sessionEvents(id: string, signal?: AbortSignal): Promise<SessionEvent[]> {
    const text = await (
      await request(`/api/sessions/${encodeURIComponent(id)}/events`, signal)
    ).text();
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as SessionEvent);
  },
};
