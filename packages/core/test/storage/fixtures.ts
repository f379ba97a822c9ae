import { randomUUID } from 'node:crypto';
import type {
  PointSchedule,
  RecallPoint,
  RecallSet,
  ReviewLog,
  Session,
  SessionEvent,
  SessionEventData,
  SessionEventOf,
  SessionEventType,
} from '@recall/core';
import { createEventContext } from '@recall/core/testing';

/** A fresh id with a readable prefix; every test uses its own ids, so suites can share a DB. */
export function uniqueId(prefix: string): string {
  return `${prefix}_${randomUUID()}`;
}

/** A schedule due at `due` with the other FSRS fields set to non-trivial values. */
export function schedule(due: number, overrides: Partial<PointSchedule> = {}): PointSchedule {
  return {
    due,
    stability: 2.5,
    difficulty: 5.25,
    elapsedDays: 1,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 2,
    lapses: 0,
    state: 2,
    lastReview: due - 86_400_000,
    ...overrides,
  };
}

/**
 * A recall set of `points` points created at `createdAt` (so new to every learner and due from
 * then on), with positions in reverse order to test sorting.
 */
export function recallSet(options: {
  points: number;
  ownerId?: string;
  name?: string;
  createdAt?: number;
}): RecallSet {
  const id = uniqueId('rs');
  const createdAt = options.createdAt ?? 1000;
  const points: RecallPoint[] = Array.from({ length: options.points }, (_, index) => ({
    id: uniqueId('rp'),
    recallSetId: id,
    content: `Point ${index} — “quoted” ünïcödé`,
    context: `Context ${index}`,
    position: options.points - 1 - index,
    createdAt,
    updatedAt: createdAt + index,
  }));
  return {
    id,
    ...(options.ownerId === undefined ? {} : { ownerId: options.ownerId }),
    name: options.name ?? `Set ${id}`,
    description: 'A set for the conformance suite',
    status: 'active',
    supplementaryGuidelines: 'Be brief.',
    points,
    resources: [
      {
        id: uniqueId('res'),
        recallSetId: id,
        kind: 'text',
        title: 'Notes',
        content: 'Some passage',
        license: 'CC-BY',
        links: points
          .slice(0, 2)
          .map((point, index) =>
            index === 0 ? { pointId: point.id, relevance: 'defines it' } : { pointId: point.id },
          ),
      },
      {
        id: uniqueId('res'),
        recallSetId: id,
        kind: 'image',
        title: 'Diagram',
        url: 'https://example.invalid/diagram.png',
        caption: 'A diagram',
        mimeType: 'image/png',
        links: [],
      },
    ],
    createdAt,
    updatedAt: createdAt + 500,
  };
}

export function session(overrides: Partial<Session> & { recallSetId: string }): Session {
  return {
    id: uniqueId('sess'),
    status: 'in_progress',
    targetPointIds: ['p1', 'p2'],
    recalledPointIds: [],
    startedAt: 1_700_000_000_000,
    ...overrides,
  };
}

export function reviewLog(
  pointId: string,
  reviewedAt: number,
  overrides: Partial<ReviewLog> = {},
): ReviewLog {
  return {
    id: uniqueId('rl'),
    pointId,
    sessionId: 'sess_1',
    rating: 3,
    state: 2,
    due: reviewedAt - 1000,
    stability: 2.5,
    difficulty: 5.25,
    elapsedDays: 1,
    scheduledDays: 3,
    reviewedAt,
    ...overrides,
  };
}

/** A review of `pointId` at `reviewedAt` leaving it due at `due`, for `recordReview`. */
export function review(pointId: string, options: { reviewedAt: number; due: number }) {
  return {
    schedule: schedule(options.due, { lastReview: options.reviewedAt }),
    log: reviewLog(pointId, options.reviewedAt),
  };
}

/**
 * Builds events for `sessionId` continuing after `lastSeq`, through createEventContext, in the
 * form a storage's `append` returns them (with the `sessionId` and the `seq` it assigns), so
 * tests can compare what they read with what they appended.
 */
export function eventBuilder(sessionId: string, lastSeq = 0, turnId?: string) {
  const context = createEventContext({
    clock: () => 1_700_000_000_000 + lastSeq,
    ids: randomUUID,
    ...(turnId === undefined ? {} : { turnId }),
  });
  let seq = lastSeq;
  return {
    build<T extends SessionEventType>(
      type: T,
      data: SessionEventData<T>,
      options?: { responseId?: string },
    ): SessionEventOf<T> {
      seq += 1;
      return { ...context.build(type, data, options), sessionId, seq } as SessionEventOf<T>;
    },
  };
}

/** `count` user messages continuing after `lastSeq`. */
export function messages(sessionId: string, lastSeq: number, count: number): SessionEvent[] {
  const context = eventBuilder(sessionId, lastSeq);
  return Array.from({ length: count }, (_, index) =>
    context.build('user_message', { content: `message ${lastSeq + index + 1}` }),
  );
}

/** One event of nearly every shape, with optional envelope fields and nested data. */
export function variedEvents(sessionId: string): SessionEvent[] {
  const context = eventBuilder(sessionId, 0, uniqueId('turn'));
  const responseId = uniqueId('resp');
  return [
    context.build('session_started', {
      sessionId,
      recallSetId: 'rs_1',
      recallSetName: 'Set',
      totalPoints: 3,
      recalledCount: 0,
      resumed: false,
    }),
    context.build('user_message', {
      content: 'Hello — “world” 😀',
      clientMessageId: uniqueId('cm'),
    }),
    context.build('assistant_streaming_start', { responseId, agent: 'tutor' }, { responseId }),
    context.build(
      'assistant_message',
      {
        content: 'Line one\nLine two',
        agent: 'tutor',
        usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 2 },
      },
      { responseId },
    ),
    context.build('recall_point_recalled', {
      pointId: 'p1',
      pointIndex: 0,
      recalledCount: 1,
      totalPoints: 3,
    }),
    context.build('session_completed', {
      sessionId,
      summary: {
        sessionId,
        recalledCount: 1,
        totalPoints: 3,
        durationMs: 1234,
        rabbitholeCount: 0,
        recalledPointIds: ['p1'],
        estimatedCostUsd: 0.0125,
      },
    }),
  ];
}
