// After "Return to session" the tutor speaks first: a streamed reply that brings the learner back.
import { describe, expect, test } from 'vitest';
import { reduceSession } from '../../src/session/reduce-session';
import { createSessionState } from '../../src/session/session-state';
import { RETURN_CUE } from '../../src/prompts/conversation-cues';
import { parseTutorNotes, stripTutorNotes } from '../../src/prompts/tutor-notes';
import { ofType } from './harness';
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

describe('rabbit-hole exit', () => {
  test('frozen tutor context: after exit the tutor speaks first, from the history it had before the detour', async () => {
    const h = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0 },
      script: {
        tutor: ['Opening?', 'Which enzyme makes ATP?', 'Back to ATP: which enzyme makes it?'],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'tangent: mitochondrial DNA');
    const before = h.llm.requestsOf('tutor').at(-1)!;
    const pending = ofType(await h.events(sessionId), 'rabbithole_detected')[0]!.data;
    await h.engine.enterRabbithole(sessionId, {
      rabbitholeEventId: pending.rabbitholeEventId,
      topic: pending.topic,
    });
    await h.say(sessionId, 'tell me about the genome');
    await h.say(sessionId, 'and inheritance?');
    const exitedAt = (await h.events(sessionId)).length;
    await h.engine.exitRabbithole(sessionId);
    await h.engine.whenIdle(sessionId);

    // A normal streamed response in the log, so a replay shows it.
    const events = (await h.events(sessionId)).slice(exitedAt);
    expect(events.map((event) => event.type)).toEqual([
      'rabbithole_exited',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(events[1]!.data).toMatchObject({ agent: 'tutor' });
    expect(events[3]!.data).toMatchObject({
      agent: 'tutor',
      content: 'Back to ATP: which enzyme makes it?',
    });
    const replayed = (await h.events(sessionId)).reduce(
      reduceSession,
      createSessionState({ sessionId, recallSetId: h.recallSet.id, targetPointIds: [] }),
    );
    expect(replayed.tutorMessages.at(-1)).toEqual({
      role: 'assistant',
      content: 'Back to ATP: which enzyme makes it?',
    });

    // The return request: the tutor's own history, untouched by the detour, then the cue
    // with the notes asking it to bring the learner back to the pending question.
    const request = h.llm.requestsOf('tutor').at(-1)!;
    expect(request.system).toBe(before.system);
    expect(
      request.messages.slice(0, -2).map((message) => stripTutorNotes(message.content)),
    ).toEqual(before.messages.map((message) => stripTutorNotes(message.content)));
    expect(request.messages.at(-2)).toEqual({
      role: 'assistant',
      content: 'Which enzyme makes ATP?',
    });
    const last = request.messages.at(-1)!;
    expect(stripTutorNotes(last.content)).toBe(RETURN_CUE);
    expect(parseTutorNotes(last.content)).toMatchObject({
      task: 'return',
      focus: { label: 'P1' },
      afterFocus: null,
    });
    expect(request.messages.map((message) => message.content).join('\n')).not.toMatch(
      /genome|inheritance|rabbithole reply/,
    );

    // The learner answers the re-asked question: a normal reply follows, same prefix.
    await h.say(sessionId, 'ATP synthase?');
    const next = h.llm.requestsOf('tutor').at(-1)!;
    expect(next.messages.slice(0, request.messages.length - 1)).toEqual(
      request.messages.slice(0, -1),
    );
  });

  test('no return reply when the last point fell inside: the overlay says it all', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'recall: p1 p2');
    await h.engine.enterRabbithole(sessionId, await detect(h, sessionId, 'krebs history'));
    await h.engine.whenIdle(sessionId);
    await h.say(sessionId, 'recall: p3');
    const tutorCalls = h.llm.requestsOf('tutor').length;
    await h.engine.exitRabbithole(sessionId);
    await h.engine.whenIdle(sessionId);
    expect((await h.types(sessionId)).slice(-2)).toEqual([
      'rabbithole_exited',
      'session_complete_overlay',
    ]);
    expect(h.llm.requestsOf('tutor')).toHaveLength(tutorCalls);
  });
});
