import { type EngineFeedItem, redactSessionEvent } from '@recall/core';
import { createReplayClient } from '@recall/ws';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import {
  type TestSession,
  type TestSessionOptions,
  createTestSession,
} from '../src/testing/create-test-session';
import { SESSION_FIXTURES, type SessionFixtureName } from '../src/testing/recorded-session';

const open = new Set<TestSession>();

afterEach(async () => {
  cleanup();
  const sessions = [...open];
  open.clear();
  await Promise.all(sessions.map((session) => session.close()));
});

/** A test session (see `createTestSession`) whose client holds its fixture; closed after the test. */
export async function openSession(options: TestSessionOptions = {}): Promise<TestSession> {
  const session = createTestSession(options);
  open.add(session);
  await session.ready;
  return session;
}

/** A streamed chunk of `responseId`, as the engine's feed delivers it. */
export function chunk(responseId: string, index: number, text = 'word '): EngineFeedItem {
  return {
    kind: 'delta',
    delta: { sessionId: 'session-photosynthesis-1', responseId, index, text },
  };
}

/** The commands a session's client sent, without their generated `clientMessageId`s. */
export function commandsOf(session: TestSession): Array<Record<string, unknown>> {
  return session.commands().map(({ clientMessageId: _id, ...command }) => command);
}

/** A read-only client over a fixture's stored log (`createReplayClient`): no socket at all. */
export function replayClientOf(fixture: SessionFixtureName) {
  const events = SESSION_FIXTURES[fixture].flatMap((item) =>
    item.kind === 'event' ? [redactSessionEvent(item.event)] : [],
  );
  return createReplayClient({ events });
}
