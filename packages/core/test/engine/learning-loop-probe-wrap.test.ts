// The probe wrap (issue 13): after failed attempts at the focus the tutor moves on and comes back
// to it — with the scripted model. The rest of the loop: learning-loop.test.ts.
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { REVIEW_RATINGS } from '../../src/scheduling/recall-rating';
import { createHarness, ofType } from './harness';
import { judgedFocus, notesOf, ratingsOf } from './learning-loop-harness';

describe('probe wrap', () => {
  test('after three failed attempts the focus moves on and returns after the others', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          scriptEvaluation({ attempted: ['p1'] }),
          scriptEvaluation({ attempted: ['p1'] }),
          scriptEvaluation({ attempted: ['p1'] }),
          scriptEvaluation({ recalled: ['p2'] }),
          scriptEvaluation({ recalled: ['p3'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    for (const message of ['it is the ribosome', 'something in the nucleus', 'still nothing']) {
      await h.say(sessionId, message);
    }
    const third = h.llm.requestsOf('tutor')[3]!;
    // The request for the third miss says it would be the third: the tutor moves on itself.
    expect(notesOf(third)).toMatchObject({
      focus: { label: 'P1', failedAttempts: 2 },
      afterFocus: { kind: 'next', label: 'P2' },
    });
    await h.say(sessionId, 'glycolysis splits glucose');
    await h.say(sessionId, 'the Krebs cycle releases carbon dioxide');
    await h.say(sessionId, 'I still do not know');
    const tutor = h.llm.requestsOf('tutor');
    expect(notesOf(tutor[4]!)).toMatchObject({
      focus: { label: 'P2', failedAttempts: 0 },
      unchecked: ['P3', 'P1'],
    });
    expect(notesOf(tutor[6]!)).toMatchObject({
      focus: { label: 'P1', failedAttempts: 3 },
      afterFocus: { kind: 'close' },
    });
    expect(h.llm.requestsOf('evaluator').map(judgedFocus)).toEqual([
      'p1',
      'p1',
      'p1',
      'p2',
      'p3',
      'p1',
    ]);
    await h.engine.leaveSession(sessionId);
    await h.engine.whenIdle(sessionId);
    expect(await ratingsOf(h, 'p1')).toEqual([REVIEW_RATINGS.again]);
    expect(await ratingsOf(h, 'p2')).toEqual([REVIEW_RATINGS.good]);
  });

  test('"I don\'t remember" to the asked point is a failed attempt, whatever the evaluator says; after a hint it wraps', async () => {
    const h = await createHarness({
      // The judge calls none of these an attempt: the engine's own rule does.
      script: { evaluator: [scriptEvaluation({}), scriptEvaluation({}), scriptEvaluation({})] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, "I can't recall that one.");
    await h.say(sessionId, 'Nothing comes to mind.');
    const replies = ofType(await h.events(sessionId), 'assistant_message');
    expect(replies.slice(1).map((event) => event.data.attemptedPointIds)).toEqual([['p1'], ['p1']]);
    const tutor = h.llm.requestsOf('tutor');
    expect(notesOf(tutor[2]!)).toMatchObject({ focus: { label: 'P1', failedAttempts: 1 } });
    // Two "cannot recall" answers in a round: P1 is set aside, P2 is the focus.
    await h.say(sessionId, 'No idea, sorry.');
    expect(notesOf(h.llm.requestsOf('tutor')[3]!)).toMatchObject({
      focus: { label: 'P2', failedAttempts: 0 },
      unchecked: ['P3', 'P1'],
    });
  });

  test('a wrong answer is not "cannot recall": three of them before the wrap', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          scriptEvaluation({ attempted: ['p1'] }),
          scriptEvaluation({ attempted: ['p1'] }),
          scriptEvaluation({ attempted: ['p1'] }),
          scriptEvaluation({ attempted: ['p2'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'it is the ribosome');
    await h.say(sessionId, 'I think the nucleus makes it');
    expect(notesOf(h.llm.requestsOf('tutor')[2]!)).toMatchObject({
      focus: { label: 'P1', failedAttempts: 1 },
    });
    await h.say(sessionId, 'the mitochondria, not sure');
    expect(notesOf(h.llm.requestsOf('tutor')[3]!)).toMatchObject({
      focus: { label: 'P1', failedAttempts: 2 },
    });
    await h.say(sessionId, 'glucose, I guess');
    expect(notesOf(h.llm.requestsOf('tutor')[4]!)).toMatchObject({
      focus: { label: 'P2', failedAttempts: 0 },
    });
  });
});
