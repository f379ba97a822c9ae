// Issue 22, engine side: credit only for the learner's own words, ratings from what the learner
// had to produce — each rule through the real engine with the scripted model. The scripted judge
// credits whatever it is told to (quoting the whole message as evidence); the engine decides.
// Ratings and the rabbit-hole agent: honest-credit-ratings.test.ts.
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { parseTutorNotes } from '../../src/prompts/tutor-notes';
import { REVIEW_RATINGS } from '../../src/scheduling/recall-rating';
import { createHarness, ofType } from './harness';
import { afterReplies, LEAK, ratingsOf, recalledIds } from './honest-credit-harness';

describe('echoes are not credited, whatever the wording around them', () => {
  test.each([
    [
      'a prefix of one’s own',
      [LEAK],
      'honestly what I recall from class: ATP synthase makes ATP from ADP and phosphate',
    ],
    [
      'a reply two turns back',
      [LEAK, 'And then?', 'What else?'],
      'ATP synthase makes ATP from ADP and phosphate',
    ],
    [
      'two clozes joined',
      ['___ makes ATP from ADP and phosphate?', 'ATP synthase makes ___ from ___ and ___?'],
      'ATP synthase makes ATP from ADP and phosphate',
    ],
    ['one synonym swapped', [LEAK], 'ATP synthase produces ATP out of ADP and phosphate'],
    [
      'an unfilled cloze pasted back',
      ['ATP ___ makes ATP from ADP and ___?'],
      'ATP ___ makes ATP from ADP and ___',
    ],
  ])('%s', async (_case, replies, answer) => {
    const { h, sessionId } = await afterReplies(replies, answer);
    expect(await recalledIds(h, sessionId)).toEqual([]);
    expect((await h.engine.getSessionState(sessionId)).checklist.p1).toBe('pending');
  });

  test('the same words, once six newer texts pushed the leak out of the window, are credited — capped by exposure', async () => {
    const later = ['One?', 'Two?', 'Three?', 'Four?', 'Five?', 'Six?'];
    const { h, sessionId } = await afterReplies(
      [LEAK, ...later],
      'ATP synthase makes ATP from ADP and phosphate',
    );
    expect(await recalledIds(h, sessionId)).toEqual(['p1']);
    // Everything was shown since the start: a point stays creditable, its rating is Again.
    const [recalled] = ofType(await h.events(sessionId), 'recall_point_recalled');
    expect(recalled!.data).toMatchObject({ exposure: 1, peakExposure: 1 });
    expect(await ratingsOf(h, 'p1')).toEqual([REVIEW_RATINGS.again]);
  });
});

describe('gap-fills and questions', () => {
  test('a right gap-fill is judged with its cloze and credited', async () => {
    const { h, sessionId } = await afterReplies(
      ['___ makes ATP from ___ and ___. What fills the first gap?'],
      'ATP synthase',
    );
    expect(await recalledIds(h, sessionId)).toEqual(['p1']);
    // The cloze showed 2 of 5 key terms (atp, makes): above a third, so Hard.
    expect(await ratingsOf(h, 'p1')).toEqual([REVIEW_RATINGS.hard]);
  });

  test('a learner question is never credited, with or without its question mark', async () => {
    const h = await createHarness({
      script: {
        tutor: ['What comes to mind about the enzyme?'],
        evaluator: [scriptEvaluation({ recalled: ['p1'] }), scriptEvaluation({ recalled: ['p1'] })],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'Does ATP synthase make ATP from ADP and phosphate?');
    await h.say(sessionId, 'is it ATP synthase making ATP from ADP and phosphate');
    expect(await recalledIds(h, sessionId)).toEqual([]);
  });

  test('a pasted-back question counts as an attempt: hints narrow and the probe wraps after three', async () => {
    const question = 'Which enzyme makes ATP from ADP?';
    const h = await createHarness({
      // The judge sees no attempt in a pasted question; the engine counts one anyway.
      script: {
        tutor: [question, question, question, 'What does glycolysis split?'],
        evaluator: [1, 2, 3].map(() => scriptEvaluation({ notAddressed: ['p1', 'p2', 'p3'] })),
      },
    });
    const { sessionId } = await h.start();
    for (let pass = 0; pass < 3; pass += 1) await h.say(sessionId, question);
    const notes = h.llm
      .requestsOf('tutor')
      .map((request) => parseTutorNotes(request.messages.at(-1)!.content)!);
    expect(notes.slice(1).map((note) => note.focus)).toEqual([
      { label: 'P1', failedAttempts: 0, nearMisses: 0 },
      { label: 'P1', failedAttempts: 1, nearMisses: 0 },
      { label: 'P1', failedAttempts: 2, nearMisses: 0 },
    ]);
    const state = await h.engine.getSessionState(sessionId);
    expect(state.focusPointId).toBe('p2');
    expect(state.pointProgress.p1).toMatchObject({ failedAttempts: 3, misses: 3 });
    expect(await recalledIds(h, sessionId)).toEqual([]);
    const attempted = ofType(await h.events(sessionId), 'assistant_message').map(
      (event) => event.data.attemptedPointIds,
    );
    expect(attempted.slice(1)).toEqual([['p1'], ['p1'], ['p1']]);
  });
});

describe('near misses: only for an answer right as far as it goes, never stating content', () => {
  const GAS = {
    id: 'set-leaf',
    name: 'Leaves',
    description: 'Photosynthesis.',
    points: [
      {
        id: 'o2',
        content: 'Photosynthesis releases oxygen as a by-product',
        context: 'Water is split in the light reactions.',
      },
      {
        id: 'co2',
        content: 'Plants take in carbon dioxide through stomata',
        context: 'Small pores on the underside of leaves.',
      },
    ],
  };

  test.each([
    ['a wrong answer', 'carbon dioxide'],
    ['a negated one', 'photosynthesis does not release oxygen'],
    ['a wrong one sharing words', 'photosynthesis releases glucose into the soil'],
  ])('none for %s', async (_case, answer) => {
    const h = await createHarness({
      recallSet: GAS,
      script: {
        tutor: ['What gas comes out as a by-product?'],
        evaluator: [scriptEvaluation({ nearMiss: { o2: 'it is oxygen' } })],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, answer);
    expect(ofType(await h.events(sessionId), 'recall_point_near_miss')).toEqual([]);
  });

  test('one for a right but incomplete answer, whose text names no missing key term', async () => {
    const h = await createHarness({
      recallSet: GAS,
      script: {
        tutor: ['What comes out of photosynthesis, besides sugar?'],
        evaluator: [
          scriptEvaluation({ nearMiss: { o2: 'still missing: oxygen' } }),
          scriptEvaluation({ nearMiss: { o2: 'which gas it is' } }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'water gets split and something is released');
    await h.say(sessionId, 'a gas is released when water is split');
    const feedback = ofType(await h.events(sessionId), 'recall_point_near_miss').map(
      (event) => event.data.feedback,
    );
    expect(feedback).toHaveLength(2);
    for (const text of feedback) expect(text).not.toMatch(/oxygen|by-product/i);
    expect(feedback[1]).toBe('which gas it is');
  });
});
