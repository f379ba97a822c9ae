// Issue 22, engine side: credit only for the learner's own words, ratings from what the learner
// had to produce — each rule through the real engine with the scripted model. The scripted judge
// credits whatever it is told to (quoting the whole message as evidence); the engine decides.
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { parseTutorNotes } from '../../src/prompts/tutor-request';
import { REVIEW_RATINGS } from '../../src/scheduling/recall-rating';
import { createHarness, ofType } from './harness';
import { createRabbitholeHarness } from './rabbithole-harness';

type Harness = Awaited<ReturnType<typeof createHarness>>;

/** p1's content is "ATP synthase makes ATP from ADP and phosphate" (5 key terms). */
const LEAK = 'ATP synthase makes ATP from ADP and phosphate. Where does it sit?';

async function recalledIds(h: Harness, sessionId: string): Promise<string[]> {
  return ofType(await h.events(sessionId), 'recall_point_recalled').map((e) => e.data.pointId);
}

async function ratingsOf(h: Harness, pointId: string) {
  return (await h.storage.getReviewLogs({ pointId })).map((log) => log.rating);
}

/**
 * A session whose tutor says `replies` in turn (the first is the opening), the learner answering
 * "hmm" to each but the last, then `answer`, which the judge credits for p1.
 */
async function afterReplies(replies: readonly string[], answer: string) {
  const h = await createHarness({
    script: {
      tutor: replies,
      evaluator: [
        ...replies.slice(1).map(() => scriptEvaluation({})),
        scriptEvaluation({ recalled: ['p1'] }),
      ],
    },
  });
  const { sessionId } = await h.start();
  for (const _ of replies.slice(1)) await h.say(sessionId, 'hmm');
  await h.say(sessionId, answer);
  return { h, sessionId };
}

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

describe('ratings follow what the tutor actually asked', () => {
  test('tutor moves on, evaluator sees no attempt: the answer to the real question is Good, not Easy', async () => {
    const h = await createHarness({
      script: {
        tutor: ['Which enzyme is at work here?', 'Right. What does glycolysis do?', 'Next?'],
        evaluator: [
          // The tutor judged the focus covered; the evaluator saw no attempt on it at all.
          scriptEvaluation({ notAddressed: ['p1', 'p2', 'p3'] }),
          scriptEvaluation({ recalled: ['p2'], notAddressed: ['p1'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'the one in the membrane, I guess');
    await h.say(sessionId, 'glycolysis splits glucose into two pyruvate in the cytoplasm');
    const messages = ofType(await h.events(sessionId), 'assistant_message');
    expect(messages.map((event) => event.data.askedPointId)).toEqual(['p1', 'p2', undefined]);
    // The evaluator was told which point the question was really about.
    expect(h.llm.requestsOf('evaluator')[1]!.messages[0]!.content).toContain(
      '<point id="p2" focus="true">',
    );
    expect(await ratingsOf(h, 'p2')).toEqual([REVIEW_RATINGS.good]);
    // The engine follows the tutor: p1 comes back after the others.
    expect((await h.engine.getSessionState(sessionId)).focusPointId).toBe('p3');
  });

  test('a point nobody asked about is volunteered: Easy — but never inside a rabbit hole', async () => {
    const h = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'recall: p3');
    await h.say(sessionId, 'tangent: tides');
    await h.engine.enterRabbithole(
      sessionId,
      (await h.engine.getSessionState(sessionId)).pendingRabbithole!,
    );
    await h.say(sessionId, 'recall: p2');
    expect(await ratingsOf(h, 'p3')).toEqual([REVIEW_RATINGS.easy]);
    expect(await ratingsOf(h, 'p2')).toEqual([REVIEW_RATINGS.good]);
  });

  test('exposure caps the rating: a cloze that showed more than half the key terms means Again', async () => {
    const { h, sessionId } = await afterReplies(
      ['What makes ATP?', 'ATP ___ makes ATP from ADP and phosphate: which enzyme fills the gap?'],
      'ATP synthase',
    );
    expect(await recalledIds(h, sessionId)).toEqual(['p1']);
    const [recalled] = ofType(await h.events(sessionId), 'recall_point_recalled');
    expect(recalled!.data).toMatchObject({ exposure: 0.8, peakExposure: 0.8 });
    expect(await ratingsOf(h, 'p1')).toEqual([REVIEW_RATINGS.again]);
  });

  test('exposure counts since the last start or resume', async () => {
    const h = await createHarness({
      script: {
        // Shows 2 of p1's 5 key terms (0.4: Hard if it still counted).
        tutor: ['ATP synthase: where does it sit?', 'What is on your mind about the enzyme?'],
        evaluator: [scriptEvaluation({ recalled: ['p1'] })],
      },
    });
    const { sessionId } = await h.start();
    await h.engine.leaveSession(sessionId);
    await h.engine.whenIdle(sessionId);
    expect((await h.start()).resumed).toBe(true);
    await h.say(sessionId, 'ATP synthase makes ATP from ADP and phosphate');
    const [recalled] = ofType(await h.events(sessionId), 'recall_point_recalled');
    // The hint came before the resume; the recap names none of p1's key terms.
    expect(recalled!.data).toMatchObject({ exposure: 0, peakExposure: 0 });
    expect(await ratingsOf(h, 'p1')).toEqual([REVIEW_RATINGS.good]);
  });
});

describe('the rabbit-hole agent is free; the echo rule protects the loop', () => {
  test('it may state a point: repeating it earns nothing, own words later are credited and capped', async () => {
    const GLYCOLYSIS = 'Glycolysis splits glucose into two pyruvate molecules in the cytoplasm.';
    const h = await createRabbitholeHarness({
      config: { detectionWarmupExchanges: 0 },
      script: {
        rabbithole: [`Funny you ask. ${GLYCOLYSIS}`, 'Tides follow the moon.'],
        tutor: ['Opening?', 'Reply?', 'What splits in the cytoplasm?'],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'tangent: sugar');
    await h.engine.enterRabbithole(
      sessionId,
      (await h.engine.getSessionState(sessionId)).pendingRabbithole!,
    );
    await h.engine.whenIdle(sessionId);
    // The agent's reply states p2; the learner repeats it (the judge credits it).
    await h.say(sessionId, 'recall: p2 — so glycolysis splits glucose into two pyruvate molecules');
    expect(await recalledIds(h, sessionId)).toEqual([]);
    await h.engine.exitRabbithole(sessionId);
    await h.engine.whenIdle(sessionId);
    // Back in the session, the same words are still an echo while the agent's reply is among
    // the last six texts shown…
    await h.say(sessionId, 'recall: p2 glycolysis turns glucose into pyruvate');
    expect(await recalledIds(h, sessionId)).toEqual([]);
    for (let turn = 0; turn < 5; turn += 1) await h.say(sessionId, 'hmm');
    // …and the learner's own once it left the window: credited (no dead end), but everything
    // of p2 was shown since the start, so its rating is Again.
    await h.say(sessionId, 'recall: p2 glycolysis turns glucose into pyruvate');
    expect(await recalledIds(h, sessionId)).toEqual(['p2']);
    expect(await ratingsOf(h, 'p2')).toEqual([REVIEW_RATINGS.again]);
  });
});
