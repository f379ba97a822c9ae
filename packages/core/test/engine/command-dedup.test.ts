import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';
import { createRabbitholeHarness } from './rabbithole-harness';

/** Two engine instances (two nodes, or before and after a restart) on one storage. */
async function twoNodes() {
  const first = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
  const second = await createHarness({
    storage: first.storage,
    idPrefix: 'b',
    config: { detectionWarmupExchanges: 0 },
  });
  const { sessionId } = await first.start();
  const detect = async (topic: string) => {
    await first.say(sessionId, `tangent: ${topic}`);
    const detected = ofType(await first.events(sessionId), 'rabbithole_detected').at(-1)!;
    return { rabbitholeEventId: detected.data.rabbitholeEventId, topic: detected.data.topic };
  };
  return { first, second, sessionId, detect };
}

describe('a command resent to another engine instance is a duplicate, found in the log', () => {
  test('enter, exit, decline and leave: the resend is acknowledged as duplicate, not an error', async () => {
    const { first, second, sessionId, detect } = await twoNodes();

    const pending = await detect('tides');
    const entered = await first.engine.enterRabbithole(sessionId, {
      ...pending,
      clientMessageId: 'enter-1',
    });
    await first.engine.whenIdle(sessionId);
    const [enteredEvent] = ofType(await first.events(sessionId), 'rabbithole_entered');
    expect(enteredEvent).toMatchObject({ commandId: 'enter-1' });
    expect(entered).toEqual({ status: 'accepted', sessionId, lastSeq: enteredEvent!.seq + 1 });
    expect(
      await second.engine.enterRabbithole(sessionId, { ...pending, clientMessageId: 'enter-1' }),
    ).toEqual({ status: 'duplicate', sessionId, lastSeq: enteredEvent!.seq });

    // The exit also starts the tutor's return reply, in the same append.
    const exited = await first.engine.exitRabbithole(sessionId, { clientMessageId: 'exit-1' });
    await first.engine.whenIdle(sessionId);
    const [exitedEvent] = ofType(await first.events(sessionId), 'rabbithole_exited');
    expect(exited).toEqual({ status: 'accepted', sessionId, lastSeq: exitedEvent!.seq + 1 });
    expect(await second.engine.exitRabbithole(sessionId, { clientMessageId: 'exit-1' })).toEqual({
      status: 'duplicate',
      sessionId,
      lastSeq: exitedEvent!.seq,
    });

    await detect('moon phases');
    const declined = await first.engine.declineRabbithole(sessionId, {
      clientMessageId: 'decline-1',
    });
    expect(declined.status).toBe('accepted');
    expect(
      await second.engine.declineRabbithole(sessionId, { clientMessageId: 'decline-1' }),
    ).toEqual({ ...declined, status: 'duplicate' });

    const left = await first.engine.leaveSession(sessionId, { clientMessageId: 'leave-1' });
    expect(left.status).toBe('accepted');
    expect(await second.engine.leaveSession(sessionId, { clientMessageId: 'leave-1' })).toEqual({
      ...left,
      status: 'duplicate',
    });

    const events = await first.events(sessionId);
    for (const type of [
      'rabbithole_entered',
      'rabbithole_exited',
      'rabbithole_declined',
      'session_paused',
    ] as const) {
      expect(ofType(events, type)).toHaveLength(1);
    }
    expect(events.filter((event) => event.commandId === 'leave-1').map((e) => e.type)).toEqual([
      'session_paused',
    ]);
    // A new command id is still a command: the session is paused, so this one is refused.
    await expect(
      second.engine.leaveSession(sessionId, { clientMessageId: 'leave-2' }),
    ).rejects.toMatchObject({ code: 'SESSION_ENDED' });
  });

  test('the same command sent to both instances at once is processed once', async () => {
    const { first, second, sessionId, detect } = await twoNodes();
    await detect('tides');
    await second.engine.getSessionState(sessionId);
    const results = await Promise.all([
      first.engine.declineRabbithole(sessionId, { clientMessageId: 'decline-1' }),
      second.engine.declineRabbithole(sessionId, { clientMessageId: 'decline-1' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['accepted', 'duplicate']);
    expect(ofType(await first.events(sessionId), 'rabbithole_declined')).toHaveLength(1);
  });

  test('a learner message carries its client message id as the command id of its turn', async () => {
    const h = await createHarness();
    const { sessionId } = await h.start();
    await h.engine.sendUserMessage(sessionId, 'hello', { clientMessageId: 'm-1' });
    await h.engine.whenIdle(sessionId);
    const turn = (await h.events(sessionId)).filter((event) => event.commandId === 'm-1');
    expect(turn.map((event) => event.type)).toEqual([
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
  });
});
