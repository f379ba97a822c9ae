import { createFsrsScheduler } from '@recall/core';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { CELL_ENERGY, createHarness, ofType } from './harness';

const PASSAGE =
  'Cells store energy in ATP. ATP synthase is a rotary enzyme in the inner mitochondrial membrane that makes ATP from ADP and phosphate as protons flow back through it, driven by the gradient built by the electron transport chain, which is a remarkably efficient machine. Glycolysis happens in the cytoplasm.';

describe('resources', () => {
  const withResources = {
    ...CELL_ENERGY,
    resources: [
      {
        id: 'r-text',
        kind: 'text' as const,
        title: 'Mitochondria primer',
        content: PASSAGE,
        links: [{ pointId: 'p1' }],
      },
      {
        id: 'r-image',
        kind: 'image' as const,
        title: 'ATP synthase structure',
        url: 'https://example.org/atp.png',
        caption: 'The rotor and stator',
        mimeType: 'image/png',
        license: 'CC BY 4.0',
        links: [{ pointId: 'p1' }],
      },
      {
        id: 'r-other',
        kind: 'text' as const,
        title: 'Glycolysis notes',
        content: 'Glycolysis happens in the cytoplasm.',
        links: [{ pointId: 'p2' }],
      },
    ],
  };

  test('recalling a linked point shows its image and a ≤ 200-character snippet', async () => {
    const h = await createHarness({
      recallSet: withResources,
      script: { evaluator: [scriptEvaluation({ recalled: ['p1'] })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase');
    const events = await h.events(sessionId);
    const types = events.map((event) => event.type);
    const recallAt = types.indexOf('recall_point_recalled');
    expect(types.slice(recallAt, recallAt + 3)).toEqual([
      'recall_point_recalled',
      'show_resource',
      'show_image',
    ]);
    const [resource] = ofType(events, 'show_resource');
    expect(resource!.data.resourceId).toBe('r-text');
    expect(resource!.data.title).toBe('Mitochondria primer');
    expect(resource!.data.snippet.length).toBeLessThanOrEqual(200);
    expect(resource!.data.snippet.startsWith('ATP synthase is a rotary enzyme')).toBe(true);
    expect(ofType(events, 'show_image')[0]!.data).toEqual({
      resourceId: 'r-image',
      url: 'https://example.org/atp.png',
      caption: 'The rotor and stator',
      mimeType: 'image/png',
    });
    expect(ofType(events, 'show_resource')).toHaveLength(1);
  });

  test('the tutor sees resource titles, never their text', async () => {
    const h = await createHarness({ recallSet: withResources });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'hello');
    for (const request of h.llm.requestsOf('tutor')) {
      expect(request.system).toContain('<resource>Mitochondria primer</resource>');
      expect(request.system).toContain('<resource>ATP synthase structure</resource>');
      expect(request.system).not.toContain('rotary enzyme');
      expect(request.messages.map((message) => message.content).join('\n')).not.toContain(
        'rotary enzyme',
      );
    }
  });

  const shared = {
    ...CELL_ENERGY,
    resources: [
      {
        id: 'r-shared-text',
        kind: 'text' as const,
        title: 'Respiration overview',
        content: PASSAGE,
        links: [{ pointId: 'p1' }, { pointId: 'p2' }, { pointId: 'p3' }],
      },
      {
        id: 'r-shared-image',
        kind: 'image' as const,
        title: 'Mitochondrion',
        url: 'https://example.org/mito.png',
        links: [{ pointId: 'p1' }, { pointId: 'p3' }],
      },
    ],
  };

  test('a resource linked to several points waits until all of them are recalled, then shows once, even across a restart', async () => {
    const h = await createHarness({
      recallSet: shared,
      script: {
        evaluator: [
          scriptEvaluation({ recalled: ['p1'] }),
          // The image's other point: the image now gives nothing away; the text still would.
          scriptEvaluation({ recalled: ['p3'] }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase');
    const afterFirst = await h.events(sessionId);
    expect(ofType(afterFirst, 'show_resource')).toEqual([]);
    expect(ofType(afterFirst, 'show_image')).toEqual([]);
    await h.say(sessionId, 'the Krebs cycle');
    const afterSecond = await h.events(sessionId);
    expect(ofType(afterSecond, 'show_image').map((event) => event.data.resourceId)).toEqual([
      'r-shared-image',
    ]);
    expect(ofType(afterSecond, 'show_resource')).toEqual([]);
    // The reducer remembers what was shown, so a fresh engine instance knows it too.
    expect((await h.engine.getSessionState(sessionId)).shownResourceIds).toEqual([
      'r-shared-image',
    ]);
    await h.engine.close();
    const second = await createHarness({
      recallSet: shared,
      storage: h.storage,
      idPrefix: 'b',
      script: { evaluator: [scriptEvaluation({ recalled: ['p2'] })] },
    });
    second.clock.now = h.clock.now;
    await second.say(sessionId, 'glycolysis');
    const events = await second.events(sessionId);
    const types = events.map((event) => event.type);
    const lastRecall = types.lastIndexOf('recall_point_recalled');
    // The last linked point unlocks the text, right after its recall; the image is not repeated.
    expect(types.slice(lastRecall, lastRecall + 2)).toEqual([
      'recall_point_recalled',
      'show_resource',
    ]);
    expect(ofType(events, 'show_resource').map((event) => event.data.resourceId)).toEqual([
      'r-shared-text',
    ]);
    expect(ofType(events, 'show_image')).toHaveLength(1);
  });

  test('two points recalled in one message: the card they unlock follows the second', async () => {
    const h = await createHarness({
      recallSet: shared,
      script: { evaluator: [scriptEvaluation({ recalled: ['p1', 'p3'] })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase and the Krebs cycle');
    const types = (await h.types(sessionId)).filter((type) => type !== 'assistant_streaming_end');
    expect(types.filter((type) => type === 'show_resource')).toHaveLength(0);
    const recalledAt = types.indexOf('recall_point_recalled');
    expect(types.slice(recalledAt, recalledAt + 3)).toEqual([
      'recall_point_recalled',
      'recall_point_recalled',
      'show_image',
    ]);
  });

  test('only the linked points of this session gate a resource', async () => {
    // p2 is not due, so this session targets p1 and p3: the text linked to all three is shown
    // once p1 and p3 are recalled, and the rabbit-hole agent may read it from then on.
    const h = await createHarness({
      recallSet: shared,
      script: { evaluator: [scriptEvaluation({ recalled: ['p1', 'p3'] })] },
    });
    // A review rated Easy now: p2 is not due for this (anonymous) learner for days.
    const scheduler = createFsrsScheduler();
    await h.storage.recordReview(
      scheduler.rate({
        pointId: 'p2',
        schedule: scheduler.createSchedule(h.clock.now),
        rating: 4,
        now: h.clock.now,
        logId: 'earlier-review-p2',
      }),
    );
    const { sessionId } = await h.start();
    expect((await h.engine.getSessionState(sessionId)).targetPointIds).toEqual(['p1', 'p3']);
    await h.say(sessionId, 'ATP synthase and the Krebs cycle');
    const events = await h.events(sessionId);
    expect(ofType(events, 'show_resource').map((event) => event.data.resourceId)).toEqual([
      'r-shared-text',
    ]);
    expect(ofType(events, 'show_image').map((event) => event.data.resourceId)).toEqual([
      'r-shared-image',
    ]);
  });
});
