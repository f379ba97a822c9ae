// The tutor in step with the evaluator (issue 13): what each request tells the tutor, what the
// engine concludes from the evaluator, and how FSRS hears about it — with the scripted model.
// The probe wrap: learning-loop-probe-wrap.test.ts.
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { REVIEW_RATINGS } from '../../src/scheduling/recall-rating';
import { createHarness, ofType } from './harness';
import { judgedFocus, notesOf, ratingsOf } from './learning-loop-harness';

describe('one request, both branches', () => {
  test('the reply to an answer gets the focus and what to do if the answer covers it', async () => {
    const h = await createHarness({
      script: { evaluator: [scriptEvaluation({ recalled: ['p1'] })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase makes ATP from ADP and phosphate');
    const [opening, reply] = h.llm.requestsOf('tutor');
    // The opening answers no message: no branch.
    expect(notesOf(opening!)).toMatchObject({ task: 'opening', afterFocus: null });
    // Built before the evaluator answered, with the two branches; still one call before the
    // first token (the evaluator runs concurrently).
    expect(notesOf(reply!)).toEqual({
      task: 'reply',
      focus: { label: 'P1', failedAttempts: 0, nearMisses: 0 },
      afterFocus: { kind: 'next', label: 'P2' },
      unchecked: ['P2', 'P3'],
      recalled: [],
      observations: [],
    });
    expect(reply!.index).toBeLessThan(h.llm.requestsOf('evaluator')[0]!.index + 2);
  });

  test('out of order: the focus keeps its place and gets no failed attempt; volunteered recalls are Easy', async () => {
    const h = await createHarness({
      script: {
        evaluator: [scriptEvaluation({ recalled: ['p2', 'p3'], notAddressed: ['p1'] })],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'Glycolysis splits glucose into pyruvate; the Krebs cycle releases CO2');
    await h.say(sessionId, 'hmm');
    const [, first, second] = h.llm.requestsOf('tutor');
    expect(judgedFocus(h.llm.requestsOf('evaluator')[0]!)).toBe('p1');
    expect(notesOf(first!).focus).toEqual({ label: 'P1', failedAttempts: 0, nearMisses: 0 });
    expect(notesOf(second!)).toEqual({
      task: 'reply',
      focus: { label: 'P1', failedAttempts: 0, nearMisses: 0 },
      afterFocus: { kind: 'close' },
      unchecked: [],
      recalled: ['P2', 'P3'],
      observations: [
        { label: 'P2', kind: 'recalled' },
        { label: 'P3', kind: 'recalled' },
      ],
    });
    await h.engine.leaveSession(sessionId);
    await h.engine.whenIdle(sessionId);
    expect(await ratingsOf(h, 'p2')).toEqual([REVIEW_RATINGS.easy]);
    expect(await ratingsOf(h, 'p3')).toEqual([REVIEW_RATINGS.easy]);
    expect(await ratingsOf(h, 'p1')).toEqual([]);
  });

  test('an off-topic message is no failed attempt and earns no Again', async () => {
    const h = await createHarness({
      script: { evaluator: [scriptEvaluation({ notAddressed: ['p1', 'p2', 'p3'] })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'What should I cook tonight?');
    await h.say(sessionId, 'sorry, where were we');
    expect(notesOf(h.llm.requestsOf('tutor')[2]!).focus).toEqual({
      label: 'P1',
      failedAttempts: 0,
      nearMisses: 0,
    });
    await h.engine.leaveSession(sessionId);
    await h.engine.whenIdle(sessionId);
    for (const pointId of ['p1', 'p2', 'p3']) expect(await ratingsOf(h, pointId)).toEqual([]);
  });

  test('the last point: its request says close; afterwards no focus, so no recall question', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          scriptEvaluation({ recalled: ['p1'] }),
          scriptEvaluation({ recalled: ['p2'] }),
          scriptEvaluation({ recalled: ['p3'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase makes ATP');
    await h.say(sessionId, 'glycolysis splits glucose');
    await h.say(sessionId, 'the Krebs cycle releases carbon dioxide');
    await h.say(sessionId, 'Why is it called a cycle?');
    const requests = h.llm.requestsOf('tutor');
    expect(notesOf(requests[3]!)).toMatchObject({
      focus: { label: 'P3' },
      afterFocus: { kind: 'close' },
      unchecked: [],
    });
    expect(ofType(await h.events(sessionId), 'session_complete_overlay')).toHaveLength(1);
    expect(notesOf(requests[4]!)).toEqual({
      task: 'reply',
      focus: null,
      afterFocus: null,
      unchecked: [],
      recalled: ['P1', 'P2', 'P3'],
      observations: [{ label: 'P3', kind: 'recalled' }],
    });
    // Each point was the focus when recalled, with no miss: Good.
    for (const pointId of ['p1', 'p2', 'p3']) {
      expect(await ratingsOf(h, pointId)).toEqual([REVIEW_RATINGS.good]);
    }
  });
});

describe('tutor and evaluator disagree', () => {
  test('the tutor moved on without credit: the point stays unchecked and comes back after the others', async () => {
    const h = await createHarness({
      script: {
        tutor: [
          'Which enzyme makes ATP?',
          'Right. What does glycolysis do?', // moved on, though the evaluator gave no credit
          // Names 1 of P3's 8 key terms: nothing worth capping the rating for.
          'What does the cycle in the mitochondrial matrix give off?',
          'And the enzyme that makes ATP: what does it work on?',
        ],
        evaluator: [
          scriptEvaluation({ nearMiss: { p1: 'what it makes it from' } }),
          scriptEvaluation({ recalled: ['p2'], notAddressed: ['p1'] }),
          scriptEvaluation({ recalled: ['p3'] }),
          scriptEvaluation({ recalled: ['p1'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'an enzyme in the membrane makes it');
    await h.say(sessionId, 'glycolysis splits glucose into two pyruvate');
    await h.say(sessionId, 'the Krebs cycle releases carbon dioxide');
    await h.say(sessionId, 'ATP synthase makes ATP from ADP and phosphate');
    const tutor = h.llm.requestsOf('tutor');
    const judged = h.llm.requestsOf('evaluator').map(judgedFocus);
    // The answer to "what does glycolysis do?": the notes still name P1, unchecked.
    expect(notesOf(tutor[2]!)).toMatchObject({
      focus: { label: 'P1', failedAttempts: 1, nearMisses: 1 },
      recalled: [],
    });
    // The learner answered the point the tutor moved on to: the engine read which point the
    // reply asked about (askedPointId), marks it for the evaluator, follows the tutor, and P1
    // waits until the others are done.
    expect(judged).toEqual(['p1', 'p2', 'p3', 'p1']);
    expect(
      ofType(await h.events(sessionId), 'assistant_message').map(
        (event) => event.data.askedPointId,
      ),
    ).toEqual(['p1', 'p2', 'p3', 'p1', undefined]);
    expect(notesOf(tutor[3]!)).toMatchObject({
      focus: { label: 'P3' },
      afterFocus: { kind: 'next', label: 'P1' },
      unchecked: ['P1'],
      recalled: ['P2'],
    });
    expect(notesOf(tutor[4]!)).toMatchObject({
      focus: { label: 'P1', failedAttempts: 1, nearMisses: 1 },
      afterFocus: { kind: 'close' },
      recalled: ['P2', 'P3'],
    });
    // Never without a question: until the end, every request names a focus.
    for (const request of tutor.slice(1)) expect(notesOf(request).focus).not.toBeNull();
    // P2 was asked about (by the tutor's move): Good, not volunteered.
    expect(await ratingsOf(h, 'p2')).toEqual([REVIEW_RATINGS.good]);
    expect(await ratingsOf(h, 'p3')).toEqual([REVIEW_RATINGS.good]);
    expect(await ratingsOf(h, 'p1')).toEqual([REVIEW_RATINGS.hard]);
  });

  test('the tutor closed but the last point is unchecked: no overlay, the next reply asks about it', async () => {
    const h = await createHarness({
      script: {
        tutor: ['Opening?', 'Next?', 'Last?', 'Right.', 'What does the Krebs cycle release?'],
        evaluator: [
          scriptEvaluation({ recalled: ['p1'] }),
          scriptEvaluation({ recalled: ['p2'] }),
          scriptEvaluation({ nearMiss: { p3: 'what comes out of it' } }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase makes ATP');
    await h.say(sessionId, 'glycolysis splits glucose');
    await h.say(sessionId, 'the Krebs cycle does something with acetyl-CoA');
    expect(ofType(await h.events(sessionId), 'session_complete_overlay')).toEqual([]);
    await h.say(sessionId, 'ok');
    const last = h.llm.requestsOf('tutor').at(-1)!;
    expect(last.messages.at(-2)).toEqual({ role: 'assistant', content: 'Right.' });
    expect(notesOf(last)).toMatchObject({
      focus: { label: 'P3', failedAttempts: 1, nearMisses: 1 },
      afterFocus: { kind: 'close' },
      observations: [{ label: 'P3', kind: 'near_miss', missing: 'what comes out of it' }],
    });
    expect(last.system).toContain(
      'If your previous reply asked no question but the notes still name a <focus>, ask about it now.',
    );
  });
});
