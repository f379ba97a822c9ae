// Issue 22, engine side: ratings from what the learner had to produce, and the echo rule around
// the rabbit-hole agent — through the real engine with the scripted model. Echoes, gap-fills and
// near misses: honest-credit.test.ts.
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { REVIEW_RATINGS } from '../../src/scheduling/recall-rating';
import { createHarness, ofType } from './harness';
import { afterReplies, ratingsOf, recalledIds } from './honest-credit-harness';
import { createRabbitholeHarness } from './rabbithole-harness';

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
