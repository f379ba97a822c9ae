import type { ScriptedLLMScript } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { topicOfRabbitholeCue } from '../../src/prompts/conversation-cues';
import { parseTutorNotes, stripTutorNotes } from '../../src/prompts/tutor-notes';
import { comparableState, ofType } from './harness';
import { createRabbitholeHarness } from './rabbithole-harness';

async function detect(
  h: Awaited<ReturnType<typeof createRabbitholeHarness>>,
  sessionId: string,
  topic: string,
) {
  await h.say(sessionId, `tangent: ${topic}`);
  const detected = ofType(await h.events(sessionId), 'rabbithole_detected').at(-1)!;
  return { rabbitholeEventId: detected.data.rabbitholeEventId, topic: detected.data.topic };
}

describe('rabbit-hole flow', () => {
  test('enter: events, its own agent and history, streamed opening', async () => {
    const h = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0 },
      script: {
        rabbithole: [
          'Mitochondria were once free-living bacteria.',
          'They keep a small circular genome.',
        ],
      },
    });
    const { sessionId } = await h.start();
    const pending = await detect(h, sessionId, 'mitochondrial DNA');
    const before = (await h.events(sessionId)).length;
    const result = await h.engine.enterRabbithole(sessionId, pending);
    expect(result.status).toBe('accepted');
    await h.engine.whenIdle(sessionId);
    const events = (await h.events(sessionId)).slice(before);
    expect(events.map((event) => event.type)).toEqual([
      'rabbithole_entered',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(events[0]!.data).toEqual({ ...pending, label: 'mitochondrial DNA label' });
    expect(events[1]!.data).toMatchObject({ agent: 'rabbithole' });
    expect(events[3]!.data).toMatchObject({
      agent: 'rabbithole',
      content: 'Mitochondria were once free-living bacteria.',
    });
    const [opening] = h.llm.requestsOf('rabbithole');
    expect(opening!.messages).toHaveLength(1);
    const cue = opening!.messages[0]!;
    expect(cue.role).toBe('user');
    expect(stripTutorNotes(cue.content)).toBe("I'm curious about mitochondrial DNA. Tell me more.");
    expect(topicOfRabbitholeCue(cue.content)).toBe('mitochondrial DNA');
    expect(opening!.system).not.toContain('mitochondrial DNA');
    expect(opening!.system).toContain('keep their own circular DNA');
    expect(opening!.system).not.toBe(h.llm.requestsOf('tutor')[0]!.system);
    const state = await h.engine.getSessionState(sessionId);
    expect(state.mode).toBe('rabbithole');
    expect(state.pendingRabbithole).toBeNull();

    // Inside: learner messages go to the rabbit-hole agent, with its own history.
    const tutorCalls = h.llm.requestsOf('tutor').length;
    await h.say(sessionId, 'Why circular?');
    expect(h.llm.requestsOf('tutor')).toHaveLength(tutorCalls);
    expect(h.llm.requestsOf('detector')).toHaveLength(1);
    const second = h.llm.requestsOf('rabbithole')[1]!;
    expect(second.system).toBe(opening!.system);
    // Per-turn notes ride on the final user turn only: the history before it is stable.
    expect(second.messages.map((message) => stripTutorNotes(message.content))).toEqual([
      "I'm curious about mitochondrial DNA. Tell me more.",
      'Mitochondria were once free-living bacteria.',
      'Why circular?',
    ]);
    expect(second.messages[0]!.content).not.toContain('<session_notes>');
    expect(second.messages[2]!.content).toContain('<session_notes>');
  });

  test('the evaluator judges rabbit-hole messages; points recalled there are credited, the agent never sees it', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await h.engine.enterRabbithole(sessionId, await detect(h, sessionId, 'enzymes'));
    await h.engine.whenIdle(sessionId);
    await h.say(sessionId, 'So like ATP synthase, recall: p1');
    const evaluation = h.llm.requestsOf('evaluator').at(-1)!.messages[0]!.content;
    expect(evaluation).toContain(
      '<latest_message>So like ATP synthase, recall: p1</latest_message>',
    );
    // The opening cue is the engine's words, not the learner's: the judge never sees it.
    expect(evaluation).not.toContain("I'm curious about enzymes");
    expect(evaluation).toContain('<assistant>Scripted rabbithole reply 1.</assistant>');
    const recalls = ofType(await h.events(sessionId), 'recall_point_recalled');
    expect(recalls.map((event) => event.data.pointId)).toEqual(['p1']);
    const state = await h.engine.getSessionState(sessionId);
    expect(state.rabbitholes[0]!.pointsRecalledDuring).toBe(1);
    await h.say(sessionId, 'more');
    // The agent shares freely (seed 001 §5): no list of points to keep quiet about, no verdict.
    const [p1, p2, p3] = h.recallSet.points.map((point) => point.content);
    for (const request of h.llm.requestsOf('rabbithole')) {
      expect(request.messages.at(-1)!.content).not.toContain('still_to_recall');
      const words = request.messages.map((message) => message.content).join('\n');
      for (const content of [p1!, p2!, p3!]) expect(words).not.toContain(content);
    }
    for (const request of h.llm.requestsOf('rabbithole')) {
      const text = [request.system, ...request.messages.map((message) => message.content)].join(
        '\n',
      );
      expect(text).not.toMatch(/recalled|near_miss|observations/);
    }
    await h.engine.exitRabbithole(sessionId);
    const [exited] = ofType(await h.events(sessionId), 'rabbithole_exited');
    expect(exited!.data).toEqual({
      rabbitholeEventId: state.rabbitholes[0]!.rabbitholeEventId,
      label: 'enzymes label',
      pointsRecalledDuring: 1,
      completionPending: false,
    });
  });

  test('a completion reached inside is deferred until exit', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'recall: p1 p2');
    await h.engine.enterRabbithole(sessionId, await detect(h, sessionId, 'krebs history'));
    await h.engine.whenIdle(sessionId);
    await h.say(sessionId, 'recall: p3');
    expect(ofType(await h.events(sessionId), 'session_complete_overlay')).toHaveLength(0);
    expect((await h.engine.getSessionState(sessionId)).overlay).toBe('pending');
    await h.engine.exitRabbithole(sessionId);
    const types = await h.types(sessionId);
    expect(types.slice(-2)).toEqual(['rabbithole_exited', 'session_complete_overlay']);
    const events = await h.events(sessionId);
    expect(ofType(events, 'rabbithole_exited')[0]!.data).toMatchObject({
      completionPending: true,
      pointsRecalledDuring: 1,
    });
    expect(ofType(events, 'session_complete_overlay')[0]!.data).toMatchObject({
      recalledCount: 3,
      totalPoints: 3,
    });
    expect((await h.engine.getSessionState(sessionId)).overlay).toBe('shown');
  });

  test('sequential rabbit holes, never nested; typed errors leave the session intact', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await expect(h.engine.exitRabbithole(sessionId)).rejects.toMatchObject({
      code: 'NOT_IN_RABBITHOLE',
    });
    await expect(
      h.engine.enterRabbithole(sessionId, { rabbitholeEventId: 'nope', topic: 'x' }),
    ).rejects.toMatchObject({ code: 'RABBITHOLE_NOT_PENDING' });
    const first = await detect(h, sessionId, 'first topic');
    await expect(
      h.engine.enterRabbithole(sessionId, { ...first, rabbitholeEventId: 'stale' }),
    ).rejects.toMatchObject({ code: 'RABBITHOLE_NOT_PENDING' });
    await expect(
      h.engine.enterRabbithole(sessionId, { ...first, topic: 'other topic' }),
    ).rejects.toMatchObject({ code: 'RABBITHOLE_NOT_PENDING' });
    await expect(
      h.engine.enterRabbithole(sessionId, { ...first, topic: '' }),
    ).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    await h.engine.enterRabbithole(sessionId, first);
    await expect(h.engine.enterRabbithole(sessionId, first)).rejects.toMatchObject({
      code: 'RABBITHOLE_ALREADY_ACTIVE',
    });
    await h.engine.exitRabbithole(sessionId);
    await expect(h.engine.enterRabbithole(sessionId, first)).rejects.toMatchObject({
      code: 'RABBITHOLE_NOT_PENDING',
    });
    const second = await detect(h, sessionId, 'second topic');
    await h.engine.enterRabbithole(sessionId, second);
    await h.engine.exitRabbithole(sessionId);
    const state = await h.engine.getSessionState(sessionId);
    expect(state.rabbitholes.map((record) => [record.topic, record.status])).toEqual([
      ['first topic', 'exited'],
      ['second topic', 'exited'],
    ]);
    expect(state.mode).toBe('recall');
    await h.say(sessionId, 'recall: p1 p2 p3');
    await h.engine.leaveSession(sessionId);
    expect(
      ofType(await h.events(sessionId), 'session_completed')[0]!.data.summary.rabbitholeCount,
    ).toBe(2);
  });

  test('leaving while inside exits first (conversation kept), then pauses', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await h.engine.enterRabbithole(sessionId, await detect(h, sessionId, 'ribosomes'));
    await h.say(sessionId, 'what do they read?');
    await h.engine.leaveSession(sessionId);
    expect((await h.types(sessionId)).slice(-2)).toEqual(['rabbithole_exited', 'session_paused']);
    const state = await h.engine.getSessionState(sessionId);
    expect(state.status).toBe('paused');
    expect(state.mode).toBe('recall');
    expect(state.rabbitholes[0]!.messages.map((message) => message.content)).toEqual([
      "I'm curious about ribosomes. Tell me more.",
      'Scripted rabbithole reply 1.',
      'what do they read?',
      'Scripted rabbithole reply 2.',
    ]);
  });

  test('leaving inside after the last point completes: exit, deferred overlay, completed', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await h.engine.enterRabbithole(sessionId, await detect(h, sessionId, 'ribosomes'));
    await h.say(sessionId, 'recall: p1 p2 p3');
    await h.engine.leaveSession(sessionId);
    expect((await h.types(sessionId)).slice(-3)).toEqual([
      'rabbithole_exited',
      'session_complete_overlay',
      'session_completed',
    ]);
  });

  test('a new engine instance continues inside a rabbit hole exactly where it was', async () => {
    const returning: ScriptedLLMScript['tutor'] = (request) =>
      parseTutorNotes(request.messages.at(-1)!.content)?.task === 'return'
        ? 'Where were we: what does ATP synthase make?'
        : undefined;
    const script = {
      rabbithole: ['Opening fact.', 'Second fact.', 'Third fact.'],
      tutor: returning,
    };
    const reference = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0 },
      script,
    });
    const { sessionId } = await reference.start();
    const pending = await detect(reference, sessionId, 'ribosomes');
    await reference.engine.enterRabbithole(sessionId, pending);
    await reference.say(sessionId, 'first question');
    await reference.say(sessionId, 'second question');

    const first = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0 },
      script,
    });
    await first.start();
    await detect(first, sessionId, 'ribosomes');
    await first.engine.enterRabbithole(sessionId, pending);
    await first.say(sessionId, 'first question');
    const before = await first.engine.getSessionState(sessionId);
    await first.engine.close();
    const second = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0 },
      storage: first.storage,
      idPrefix: 'b',
      script: { rabbithole: ['Third fact.'], tutor: returning },
    });
    expect(await second.engine.getSessionState(sessionId)).toEqual(before);
    await second.say(sessionId, 'second question');
    expect(second.llm.requestsOf('rabbithole')[0]!.messages).toEqual(
      reference.llm.requestsOf('rabbithole')[2]!.messages,
    );
    expect(second.llm.requestsOf('rabbithole')[0]!.system).toBe(
      reference.llm.requestsOf('rabbithole')[2]!.system,
    );
    expect(second.llm.requestsOf('tutor')).toHaveLength(0);
    await second.engine.exitRabbithole(sessionId);
    await reference.engine.exitRabbithole(sessionId);
    await second.engine.whenIdle(sessionId);
    await reference.engine.whenIdle(sessionId);
    const strip = (state: Awaited<ReturnType<typeof reference.engine.getSessionState>>) => {
      const comparable = comparableState(state);
      return {
        ...comparable,
        rabbitholes: state.rabbitholes.map((record) => ({ ...record, rabbitholeEventId: 'x' })),
        activeRabbitholeId: null,
        timeline: comparable.timeline.map((item) =>
          'rabbitholeEventId' in item ? { ...item, rabbitholeEventId: 'x' } : item,
        ),
      };
    };
    expect(strip(await second.engine.getSessionState(sessionId))).toEqual(
      strip(await reference.engine.getSessionState(sessionId)),
    );
  });
});
