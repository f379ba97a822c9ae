import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import type { RecallSetDefinition } from '@recall/core';
import { describe, expect, test } from 'vitest';
import { keyTerms, normalizeText, stem } from '../../src/text/lexical';
import { EVALUATOR_SYSTEM_PROMPT, evaluationSchema } from '../../src/prompts/evaluator-prompt';
import { buildEvaluatorMessages } from '../../src/prompts/turn-requests';
import { CELL_ENERGY, ofType } from './harness';

async function offlineSession(definition: RecallSetDefinition = CELL_ENERGY) {
  const storage = createMemoryStorage();
  const recallSet = defineRecallSet(definition, { now: Date.now() - 1000 });
  await storage.saveRecallSet(recallSet);
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const { sessionId } = await engine.startSession(recallSet.id);
  await engine.whenIdle(sessionId);
  const say = async (content: string) => {
    await engine.sendUserMessage(sessionId, content);
    await engine.whenIdle(sessionId);
  };
  return { storage, engine, sessionId, recallSet, say, events: () => storage.read(sessionId) };
}

describe('offline adapter', () => {
  test('lexical helpers normalise and stem', () => {
    expect(normalizeText('Café — ATP, synthase!')).toBe('cafe atp synthase');
    expect(stem('produces')).toBe(stem('produce'));
    expect(stem('splitting')).toBe(stem('splits'));
    expect(keyTerms('The cell makes the ATP').map((term) => term.word)).toEqual([
      'cell',
      'makes',
      'atp',
    ]);
  });

  test("typing each point's content recalls every point", async () => {
    const session = await offlineSession();
    for (const point of [...session.recallSet.points].reverse()) await session.say(point.content);
    const events = await session.events();
    expect(ofType(events, 'recall_point_recalled').map((event) => event.data.pointId)).toEqual([
      'p3',
      'p2',
      'p1',
    ]);
    expect(ofType(events, 'session_complete_overlay')).toHaveLength(1);
    await session.engine.leaveSession(session.sessionId);
    expect(ofType(await session.events(), 'session_completed')[0]!.data.summary).toMatchObject({
      recalledCount: 3,
      totalPoints: 3,
      estimatedCostUsd: 0,
    });
  });

  test('a negated answer is never answered as if part of it were right', async () => {
    const session = await offlineSession();
    const asked = ofType(await session.events(), 'assistant_message')[0]!.data.askedPointId;
    const point = session.recallSet.points.find((candidate) => candidate.id === asked)!;
    const negated = `It is not true that ${point.content.toLowerCase()}`;
    await session.say(negated);
    await session.say(negated);
    const replies = ofType(await session.events(), 'assistant_message').slice(1);
    expect(replies).toHaveLength(2);
    for (const reply of replies) {
      expect(reply.data.content).not.toMatch(/still missing|partly there/i);
    }
    expect(ofType(await session.events(), 'recall_point_recalled')).toHaveLength(0);
  });

  test("a question using the asked point's words counts as a miss: the hints narrow, no credit", async () => {
    // "estate" is a word of both points, so not one only the asked point has; asked about
    // without a question mark, as a learner often types.
    const session = await offlineSession({
      id: 'set-rev',
      name: 'Revolution',
      description: 'Two points that share a word.',
      points: [
        {
          id: 'p1',
          content: 'A debt crisis led the king to summon the Estates-General.',
          context: 'Money troubles.',
        },
        {
          id: 'p2',
          content: 'The Third Estate declared itself the National Assembly.',
          context: 'A new body.',
        },
      ],
    });
    const asked = ofType(await session.events(), 'assistant_message')[0]!.data.askedPointId;
    const question = 'is it something to do with the estate';
    for (let turn = 0; turn < 3; turn += 1) await session.say(question);
    const replies = ofType(await session.events(), 'assistant_message').slice(1);
    // By the third miss the tutor shows part of the point with gaps (or moves on): it does not
    // keep re-asking the opening probe.
    expect(
      replies.some(
        (reply) => reply.data.content.includes('___') || reply.data.askedPointId !== asked,
      ),
    ).toBe(true);
    expect(ofType(await session.events(), 'recall_point_recalled')).toHaveLength(0);
  });

  test('a vague answer gets a near miss naming the missing terms by aspect, never by the answer words', async () => {
    // The evaluator's structured output: `missing` says which parts are missing ("from ADP
    // and phosphate" → what it comes from; "makes" → what it does) without quoting them.
    const { object } = await createOfflineLLM().generateObject({
      kind: 'evaluator',
      system: EVALUATOR_SYSTEM_PROMPT,
      messages: buildEvaluatorMessages({
        points: CELL_ENERGY.points.map((point) => ({ id: point.id!, content: point.content })),
        conversation: [],
        latestMessage: 'ATP synthase is involved somehow',
      }),
      schema: evaluationSchema,
      schemaName: 'evaluation',
    });
    const [p1, p2, p3] = object.points;
    expect(p1).toMatchObject({ pointId: 'p1', recalled: false, nearMiss: true });
    expect(p1!.missing).toBe('Partly there — still missing: what it does and what it comes from.');
    for (const answerWord of ['adp', 'phosphate', 'makes']) {
      expect(normalizeText(p1!.missing)).not.toContain(answerWord);
    }
    for (const unaddressed of [p2!, p3!]) {
      expect(unaddressed).toMatchObject({ recalled: false, nearMiss: false, missing: '' });
      expect(unaddressed.certainty).toBeGreaterThanOrEqual(0.9);
    }
    // The engine emits it as the learner-facing feedback.
    const session = await offlineSession();
    await session.say('ATP synthase is involved somehow');
    const events = await session.events();
    expect(ofType(events, 'recall_point_recalled')).toHaveLength(0);
    expect(ofType(events, 'recall_point_near_miss').map((event) => event.data)).toEqual([
      { pointId: 'p1', feedback: p1!.missing },
    ]);
  });

  test("the tutor never outputs a point's content verbatim, and hints narrow", async () => {
    const leaky: RecallSetDefinition = {
      name: 'Leaky',
      points: [
        {
          content: 'Mitochondria are the powerhouse of the cell',
          context:
            'Mitochondria are the powerhouse of the cell. A famous textbook phrase about organelles.',
        },
        { content: 'Ribosomes build proteins', context: 'Small particles reading messenger RNA.' },
      ],
    };
    for (const definition of [CELL_ENERGY, leaky]) {
      const session = await offlineSession(definition);
      for (let turn = 0; turn < 6; turn += 1) await session.say("I don't remember anything");
      const replies = ofType(await session.events(), 'assistant_message').map(
        (event) => event.data.content,
      );
      expect(new Set(replies).size).toBeGreaterThan(2);
      for (const reply of replies) {
        expect(reply.length).toBeGreaterThan(0);
        for (const point of session.recallSet.points) {
          expect(normalizeText(reply)).not.toContain(normalizeText(point.content));
        }
      }
    }
  });

  test('recap on resume, and the tangent heuristic offers a rabbit hole after the warm-up', async () => {
    const session = await offlineSession({
      ...CELL_ENERGY,
      resources: [
        {
          kind: 'text',
          title: 'Mitochondrial origins',
          content:
            'Mitochondria descend from ancient bacteria engulfed by another cell. Their own circular DNA is inherited from the mother. This endosymbiosis happened over a billion years ago.',
        },
      ],
    });
    await session.say('ATP synthase something');
    await session.say('glycolysis');
    await session.say('I wonder why mitochondria have their own DNA and bacteria ancestry?');
    const [detected] = ofType(await session.events(), 'rabbithole_detected');
    expect(detected).toBeDefined();
    expect(detected!.data.topic.length).toBeGreaterThan(0);
    await session.engine.enterRabbithole(session.sessionId, {
      rabbitholeEventId: detected!.data.rabbitholeEventId,
      topic: detected!.data.topic,
    });
    await session.engine.whenIdle(session.sessionId);
    await session.say('Where does their DNA come from?');
    const replies = ofType(await session.events(), 'assistant_message').filter(
      (event) => event.data.agent === 'rabbithole',
    );
    expect(replies.map((event) => event.data.content).join(' ')).toMatch(/DNA|bacteria/);
    await session.engine.exitRabbithole(session.sessionId);
    await session.engine.leaveSession(session.sessionId);
    await session.engine.startSession(session.recallSet.id);
    await session.engine.whenIdle(session.sessionId);
    const recap = ofType(await session.events(), 'assistant_message').at(-1)!.data.content;
    expect(recap.startsWith('Welcome back to Cell energy.')).toBe(true);
    expect(recap).not.toMatch(/\d/);
    expect(recap.split(/(?<=[.?])\s+/).length).toBeLessThanOrEqual(3);
  });
});
