// What the rabbit hole must not do: hint, give answers away, or credit what the agent said.
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { parseRabbitholeNotes } from '../../src/prompts/rabbithole-prompt';
import { CELL_ENERGY, createHarness, ofType } from './harness';
import { WORD_DRIVEN } from './rabbithole-harness';

const GLYCOLYSIS = 'Glycolysis splits glucose into two pyruvate molecules in the cytoplasm.';

const GATED = {
  ...CELL_ENERGY,
  resources: [
    {
      id: 'r-free',
      kind: 'text' as const,
      title: 'Origins',
      content: 'Mitochondria descend from engulfed bacteria.',
      links: [],
    },
    {
      id: 'r-atp',
      kind: 'text' as const,
      title: 'The rotor',
      content: 'ATP synthase turns like a rotor as protons pass.',
      links: [{ pointId: 'p1' }],
    },
  ],
};

/** Inside a rabbit hole on "tides", with the judges driven by WORD_DRIVEN unless given. */
async function inside(options: Parameters<typeof createHarness>[0] = {}) {
  const h = await createHarness({
    recallSet: GATED,
    config: { detectionWarmupExchanges: 0 },
    ...options,
    script: { ...WORD_DRIVEN, ...options.script },
  });
  const { sessionId } = await h.start();
  await h.say(sessionId, 'tangent: tides');
  await h.engine.enterRabbithole(
    sessionId,
    (await h.engine.getSessionState(sessionId)).pendingRabbithole!,
  );
  await h.engine.whenIdle(sessionId);
  return { h, sessionId };
}

describe('inside a rabbit hole', () => {
  test('no near-miss hints; a recall is still credited', async () => {
    const { h, sessionId } = await inside({
      script: {
        evaluator: [
          scriptEvaluation({}),
          scriptEvaluation({ nearMiss: { p1: 'what it makes' } }),
          scriptEvaluation({ recalled: ['p2'], nearMiss: { p1: 'what it makes' } }),
        ],
      },
    });
    await h.say(sessionId, 'is it like a turbine making something?');
    await h.say(sessionId, 'and glycolysis splits glucose into pyruvate');
    const events = await h.events(sessionId);
    expect(ofType(events, 'recall_point_near_miss')).toEqual([]);
    expect(ofType(events, 'recall_point_recalled').map((event) => event.data.pointId)).toEqual([
      'p2',
    ]);
    expect((await h.engine.getSessionState(sessionId)).pointProgress.p1).toEqual({
      failedAttempts: 0,
      nearMisses: 0,
      misses: 0,
    });
  });

  test('repeating what the agent just said is no recall', async () => {
    const { h, sessionId } = await inside({
      script: {
        rabbithole: [`Funny you ask. ${GLYCOLYSIS} Tides are another story.`],
        evaluator: [
          scriptEvaluation({}),
          scriptEvaluation({
            recalled: ['p2'],
            evidence: { p2: 'glycolysis splits glucose into two pyruvate molecules' },
          }),
        ],
      },
    });
    // The judge credits the parroted words; the engine finds them in the agent's reply.
    await h.say(sessionId, 'so glycolysis splits glucose into two pyruvate molecules');
    expect(ofType(await h.events(sessionId), 'recall_point_recalled')).toEqual([]);
    expect((await h.engine.getSessionState(sessionId)).checklist.p2).toBe('pending');
  });

  test('the agent gets locked resources only once their points are recalled, in its per-turn notes', async () => {
    const { h, sessionId } = await inside();
    await h.say(sessionId, 'what drives it?');
    await h.say(sessionId, 'oh, recall: p1');
    await h.say(sessionId, 'and then?');
    const requests = h.llm.requestsOf('rabbithole');
    const everything = (index: number) =>
      [requests[index]!.system, ...requests[index]!.messages.map((m) => m.content)].join('\n');
    // The free resource is in the system prompt, the same for every turn.
    expect(new Set(requests.map((request) => request.system)).size).toBe(1);
    expect(requests[0]!.system).toContain('Mitochondria descend from engulfed bacteria.');
    // The locked one reaches no request while p1 is still to recall.
    for (const index of [0, 1, 2]) expect(everything(index)).not.toContain('like a rotor');
    const notes = parseRabbitholeNotes(requests[3]!.messages.at(-1)!.content)!;
    expect(notes.resources).toEqual([
      { title: 'The rotor', content: 'ATP synthase turns like a rotor as protons pass.' },
    ]);
    // No gag: the agent is not told which points are still to recall.
    expect(requests[3]!.messages.at(-1)!.content).not.toContain('still_to_recall');
    // The unlocked resource is shown to the learner too, once, right after the recall.
    expect(
      ofType(await h.events(sessionId), 'show_resource').map((event) => event.data.resourceId),
    ).toEqual(['r-atp']);
  });
});

describe('credits need the learner’s own words', () => {
  test('evidence the message does not hold drops the credit; the attempt still counts', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          scriptEvaluation({ recalled: ['p1'], evidence: { p1: 'ATP synthase makes ATP' } }),
          scriptEvaluation({
            recalled: ['p1'],
            evidence: { p1: 'atp SYNTHASE — makes ATP, from ADP & phosphate' },
          }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'an enzyme in the membrane does it');
    expect(ofType(await h.events(sessionId), 'recall_point_recalled')).toEqual([]);
    expect((await h.engine.getSessionState(sessionId)).pointProgress.p1!.failedAttempts).toBe(1);
    // Case, punctuation and escaping aside, these are the learner's words: credited.
    await h.say(sessionId, 'ATP synthase makes ATP from ADP & phosphate!');
    expect(
      ofType(await h.events(sessionId), 'recall_point_recalled').map((event) => event.data.pointId),
    ).toEqual(['p1']);
  });
});
