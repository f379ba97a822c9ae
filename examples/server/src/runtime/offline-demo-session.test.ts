import {
  createMemoryStorage,
  createRecallEngine,
  type RecallSet,
  type SessionEvent,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { describe, expect, test } from 'vitest';
import { buildRecallSet } from '../seed/build-recall-set';
import { photosynthesis } from '../seed/photosynthesis';

// The demo as a new user meets it with no API key: the Photosynthesis seed, the offline model,
// the real engine. The learner answers each point in their own words, with one rabbit hole.

type Step = string | 'enter rabbit hole' | 'exit rabbit hole';

const SESSION: readonly Step[] = [
  'The light reactions take place in the thylakoid membranes inside the chloroplast',
  'Photosystem two splits water and that releases oxygen',
  'They produce ATP and NADPH, the light reactions',
  'The Calvin cycle happens in the stroma',
  'I wonder why leaves turn red and yellow in autumn?',
  'enter rabbit hole',
  'Why do they change colour?',
  'What are grana, by the way?',
  'And what does RuBisCO do to carbon dioxide?',
  'exit rabbit hole',
  'RuBisCO is the enzyme that fixes carbon dioxide onto RuBP',
  'The Calvin cycle makes G3P, and the plant uses it to build glucose',
  'Why is RuBisCO so slow, though?',
];

async function runSession(steps: readonly Step[]) {
  const storage = createMemoryStorage();
  const recallSet = buildRecallSet(photosynthesis, { now: Date.now() - 1000 });
  await storage.saveRecallSet(recallSet);
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const { sessionId } = await engine.startSession(recallSet.id);
  await engine.whenIdle(sessionId);
  for (const step of steps) {
    if (step === 'enter rabbit hole') {
      const pending = (await engine.getSessionState(sessionId)).pendingRabbithole;
      expect(pending, 'a rabbit hole is offered').not.toBeNull();
      await engine.enterRabbithole(sessionId, {
        rabbitholeEventId: pending!.rabbitholeEventId,
        topic: pending!.topic,
      });
    } else if (step === 'exit rabbit hole') {
      await engine.exitRabbithole(sessionId);
    } else {
      await engine.sendUserMessage(sessionId, step);
    }
    await engine.whenIdle(sessionId);
  }
  const events = await storage.read(sessionId);
  await engine.close();
  return { recallSet, events };
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The points whose context a reply quotes a clause of (the offline tutor's clues). */
function pointsNamedBy(
  reply: string,
  recallSet: RecallSet,
  recalled: ReadonlySet<string> = new Set(),
): string[] {
  // A reply names a point by a word of its content (five letters or more) no other point still
  // to recall has;
  // the context is never read out.
  const words = (text: string) =>
    new Set(
      normalize(text)
        .split(' ')
        .filter((word) => word.length >= 5),
    );
  const said = words(reply);
  const contents = recallSet.points.map((point) => words(point.content));
  return recallSet.points
    .filter((_, index) =>
      [...contents[index]!].some(
        (word) =>
          said.has(word) &&
          contents.every(
            (other, at) =>
              at === index || recalled.has(recallSet.points[at]!.id) || !other.has(word),
          ),
      ),
    )
    .map((point) => point.id);
}

function ofType<T extends SessionEvent['type']>(events: readonly SessionEvent[], type: T) {
  return events.filter((event): event is Extract<SessionEvent, { type: T }> => event.type === type);
}

describe('the demo offline, end to end through the engine', () => {
  test('a whole Photosynthesis session in the learner’s own words, with one rabbit hole', async () => {
    const { recallSet, events } = await runSession(SESSION);
    const ids = recallSet.points.map((point) => point.id);

    // Every point recalled, in order, then the overlay once.
    const recalled = ofType(events, 'recall_point_recalled').map((event) => event.data.pointId);
    expect(recalled).toEqual(ids);
    const overlays = ofType(events, 'session_complete_overlay');
    expect(overlays).toHaveLength(1);
    expect(events.indexOf(overlays[0]!)).toBeGreaterThan(
      events.findLastIndex((event) => event.type === 'recall_point_recalled'),
    );

    // Tutor replies: one question at most, never about a point already recalled (this same
    // message's recall included), never the same twice in a row.
    const recalledSoFar = new Set<string>();
    let previous = '';
    let questions = 0;
    for (const event of events) {
      if (event.type === 'recall_point_recalled') recalledSoFar.add(event.data.pointId);
      if (event.type !== 'assistant_message' || event.data.agent !== 'tutor') continue;
      const reply = event.data.content;
      expect(reply.match(/\?/g)?.length ?? 0, reply).toBeLessThanOrEqual(1);
      expect(reply).not.toBe(previous);
      const named = pointsNamedBy(reply, recallSet, recalledSoFar);
      for (const pointId of named) expect(recalledSoFar.has(pointId), reply).toBe(false);
      if (reply.includes('?') && recalledSoFar.size < ids.length) {
        expect(named.length, `a question names its point: ${reply}`).toBeGreaterThan(0);
        questions += 1;
      }
      previous = reply;
    }
    expect(questions).toBeGreaterThanOrEqual(6);

    // The reply to the message that recalls the last point asks nothing; so does the answer
    // to a question after completion.
    const tutorReplies = ofType(events, 'assistant_message').filter(
      (event) => event.data.agent === 'tutor',
    );
    const afterLast = tutorReplies.find((event) => event.seq > overlays[0]!.seq)!;
    expect(afterLast.data.content).toMatch(/^(Right|Yes)\.$/);
    expect(tutorReplies.at(-1)!.data.content).not.toContain('?');

    // The rabbit hole: offered with a readable label, silent recall flow inside, answers from
    // the resources it has; it is no longer told the points still to recall (it shares freely).
    const [detected] = ofType(events, 'rabbithole_detected');
    expect(detected!.data.label).toBe('Leaves turning red and yellow');
    const entered = ofType(events, 'rabbithole_entered')[0]!;
    const exited = ofType(events, 'rabbithole_exited')[0]!;
    const inside = events.filter((event) => event.seq > entered.seq && event.seq < exited.seq);
    expect(ofType(inside, 'recall_point_near_miss')).toEqual([]);
    const agentReplies = ofType(inside, 'assistant_message').map((event) => event.data.content);
    expect(agentReplies).toHaveLength(4);
    for (const reply of agentReplies) {
      expect(reply.match(/\?/g)?.length ?? 0).toBeLessThanOrEqual(1);
      expect(reply).not.toMatch(/to work out in the session/);
    }
    expect(agentReplies.some((reply) => reply.includes('(grana)'))).toBe(true);

    // Back from it, the tutor speaks first and re-asks its pending question (RuBisCO's point).
    const next = events.find((event) => event.seq > exited.seq)!;
    expect(next.type).toBe('assistant_streaming_start');
    const returned = tutorReplies.find((event) => event.seq > exited.seq)!;
    expect(
      events.some(
        (event) =>
          event.type === 'user_message' && event.seq > exited.seq && event.seq < returned.seq,
      ),
    ).toBe(false);
    expect(returned.data.content.match(/\?/g)).toHaveLength(1);
    const pendingQuestion = tutorReplies.filter((event) => event.seq < entered.seq).at(-1)!;
    expect(pointsNamedBy(returned.data.content, recallSet)).toEqual(
      pointsNamedBy(pendingQuestion.data.content, recallSet),
    );
    expect(pointsNamedBy(returned.data.content, recallSet)).toEqual([ids[4]]);

    // Resources only once every point they reveal is recalled.
    const image = ofType(events, 'show_image')[0]!;
    const lastOfImage = ofType(events, 'recall_point_recalled').find(
      (event) => event.data.pointId === ids[3],
    )!;
    expect(image.seq).toBeGreaterThan(lastOfImage.seq);
    const text = ofType(events, 'show_resource')[0]!;
    expect(text.seq).toBeGreaterThan(
      ofType(events, 'recall_point_recalled').find((event) => event.data.pointId === ids[5])!.seq,
    );
  });
});
