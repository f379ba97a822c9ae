import { createEventContext } from '@recall/core/testing';
import { reduceSession } from '../../src/session/reduce-session';
import { createSessionState } from '../../src/session/session-state';
import { createFixtureLog } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { ofType } from './harness';
import { createRabbitholeHarness } from './rabbithole-harness';

describe('rabbit-hole detection', () => {
  test('never during the first 2 exchanges; from the third on, concurrently with the tutor', async () => {
    const h = await createRabbitholeHarness();
    const { sessionId } = await h.start();
    await h.say(sessionId, 'tangent: mitochondrial DNA');
    await h.say(sessionId, 'tangent: mitochondrial DNA');
    expect(h.llm.requestsOf('detector')).toHaveLength(0);
    expect(ofType(await h.events(sessionId), 'rabbithole_detected')).toHaveLength(0);
    await h.say(sessionId, 'tangent: mitochondrial DNA');
    expect(h.llm.requestsOf('detector')).toHaveLength(1);
    const detected = ofType(await h.events(sessionId), 'rabbithole_detected');
    expect(detected.map((event) => event.data)).toEqual([
      {
        rabbitholeEventId: expect.any(String),
        topic: 'mitochondrial DNA',
        label: 'mitochondrial DNA label',
        triggerMessageContent: 'tangent: mitochondrial DNA',
      },
    ]);
    // Offered after the reply is complete.
    expect((await h.types(sessionId)).slice(-3)).toEqual([
      'assistant_streaming_end',
      'assistant_message',
      'rabbithole_detected',
    ]);
    const state = await h.engine.getSessionState(sessionId);
    expect(state.pendingRabbithole?.topic).toBe('mitochondrial DNA');
    expect(state.mode).toBe('recall');
  });

  test('certainty below the threshold offers nothing; the threshold is configurable', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'tangent: enzymes@0.59');
    expect(ofType(await h.events(sessionId), 'rabbithole_detected')).toHaveLength(0);
    await h.say(sessionId, 'tangent: enzymes@0.6');
    expect(ofType(await h.events(sessionId), 'rabbithole_detected')).toHaveLength(1);
    const strict = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0, rabbitholeCertainty: 0.9 },
    });
    const other = await strict.start();
    await strict.say(other.sessionId, 'tangent: enzymes@0.8');
    expect(ofType(await strict.events(other.sessionId), 'rabbithole_detected')).toHaveLength(0);
  });

  test('explicit decline: event, then the next 3 messages skip detection', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'tangent: photosynthesis');
    const [detected] = ofType(await h.events(sessionId), 'rabbithole_detected');
    await h.engine.declineRabbithole(sessionId);
    const [declined] = ofType(await h.events(sessionId), 'rabbithole_declined');
    expect(declined!.data).toEqual({
      rabbitholeEventId: detected!.data.rabbitholeEventId,
      topic: 'photosynthesis',
    });
    expect((await h.engine.getSessionState(sessionId)).declineCooldown).toBe(3);
    for (const topic of ['a', 'b', 'c']) await h.say(sessionId, `tangent: ${topic}`);
    expect(h.llm.requestsOf('detector')).toHaveLength(1);
    await h.say(sessionId, 'tangent: d');
    expect(h.llm.requestsOf('detector')).toHaveLength(2);
    expect(
      ofType(await h.events(sessionId), 'rabbithole_detected').map((event) => event.data.topic),
    ).toEqual(['photosynthesis', 'd']);
    await expect(h.engine.declineRabbithole(sessionId)).resolves.toMatchObject({
      status: 'accepted',
    });
    await expect(h.engine.declineRabbithole(sessionId)).rejects.toMatchObject({
      code: 'RABBITHOLE_NOT_PENDING',
    });
  });

  test('a message sent while a prompt is pending declines it implicitly, with the same cooldown', async () => {
    const h = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0, declineCooldownMessages: 2 },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'tangent: photosynthesis');
    await h.say(sessionId, 'tangent: ignored while pending');
    const types = await h.types(sessionId);
    const at = types.lastIndexOf('user_message');
    expect(types.slice(at, at + 3)).toEqual([
      'user_message',
      'rabbithole_declined',
      'assistant_streaming_start',
    ]);
    expect((await h.engine.getSessionState(sessionId)).pendingRabbithole).toBeNull();
    for (const topic of ['a', 'b']) await h.say(sessionId, `tangent: ${topic}`);
    expect(h.llm.requestsOf('detector')).toHaveLength(1);
    await h.say(sessionId, 'tangent: c');
    expect(h.llm.requestsOf('detector')).toHaveLength(2);
  });

  test('a topic already offered in this session is not offered again', async () => {
    const h = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0, declineCooldownMessages: 0 },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'tangent: Mitochondrial DNA');
    await h.engine.declineRabbithole(sessionId);
    await h.say(sessionId, 'tangent: mitochondrial  dna!');
    await h.say(sessionId, 'tangent: something new');
    expect(
      ofType(await h.events(sessionId), 'rabbithole_detected').map((event) => event.data.topic),
    ).toEqual(['Mitochondrial DNA', 'something new']);
    expect(h.llm.requestsOf('detector')[1]!.messages[0]!.content).toContain(
      '<topic>mitochondrial dna</topic>',
    );
  });

  test('exiting a rabbit hole resets the cooldown', () => {
    let id = 0;
    const context = createEventContext({
      clock: () => 1,
      ids: () => `e${++id}`,
    });
    const log = createFixtureLog({ sessionId: 's' });
    const events = log.store([
      context.build('session_started', {
        sessionId: 's',
        recallSetId: 'r',
        recallSetName: 'R',
        totalPoints: 1,
        recalledCount: 0,
        resumed: false,
      }),
      context.build('rabbithole_detected', {
        rabbitholeEventId: 'rh',
        topic: 't',
        label: 'l',
        triggerMessageContent: 'x',
      }),
      context.build('rabbithole_declined', { rabbitholeEventId: 'rh', topic: 't' }),
      context.build('rabbithole_entered', { rabbitholeEventId: 'rh2', topic: 't2', label: 'l2' }),
    ]);
    const inside = events.reduce(
      reduceSession,
      createSessionState({ sessionId: 's', recallSetId: 'r', targetPointIds: ['p'] }),
    );
    expect(inside.declineCooldown).toBe(3);
    const exited = reduceSession(
      inside,
      log.append('rabbithole_exited', {
        rabbitholeEventId: 'rh2',
        label: 'l2',
        pointsRecalledDuring: 0,
        completionPending: false,
      }),
    );
    expect(exited.declineCooldown).toBe(0);
    expect(exited.mode).toBe('recall');
  });
});
