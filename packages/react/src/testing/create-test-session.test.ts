import { afterEach, describe, expect, test } from 'vitest';
import { type TestSession, createTestSession } from './create-test-session';

const sessions: TestSession[] = [];

async function open(fixture: 'streaming' | 'recalled'): Promise<TestSession> {
  const session = createTestSession({ fixture });
  sessions.push(session);
  await session.ready;
  return session;
}

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

describe('createTestSession', () => {
  test('the streaming fixture stays mid-reply: its writer lives, so the engine takes nothing over', async () => {
    const session = await open('streaming');
    // Looking at the session is what would make the engine finish a dead writer's turn.
    const state = await session.engine.getSessionState(session.sessionId);
    await session.engine.whenIdle(session.sessionId);
    expect(state.openResponses.map((open) => open.responseId)).toEqual(['response-2']);
    const log = await session.storage.read(session.sessionId, { afterSeq: 0 });
    expect(log.at(-1)?.type).toBe('assistant_streaming_start');
    expect(session.client.getSnapshot().timeline.at(-1)).toMatchObject({
      role: 'assistant',
      status: 'streaming',
    });
  });

  test('the recorded reply ends when the test appends its end, and the session goes on', async () => {
    const session = await open('streaming');
    await session.append(
      'assistant_streaming_end',
      {
        responseId: 'response-2',
        fullContent: 'Right. And which pigment captures that light?',
        totalChunks: 3,
      },
      { responseId: 'response-2' },
    );
    const state = await session.engine.getSessionState(session.sessionId);
    await session.engine.whenIdle(session.sessionId);
    expect(state.openResponses).toEqual([]);
    const log = await session.storage.read(session.sessionId, { afterSeq: 0 });
    // Ended by its writer, not closed as interrupted by the engine.
    expect(log.filter((event) => event.type === 'assistant_streaming_end').at(-1)).toMatchObject({
      data: { responseId: 'response-2', totalChunks: 3 },
    });
    expect(log.some((event) => event.type === 'assistant_message' && event.data.interrupted)).toBe(
      false,
    );
  });

  test('a fixture with no open reply keeps the memory storage as it is', async () => {
    const session = await open('recalled');
    expect(session.storage.scope).toBe('process');
  });
});
