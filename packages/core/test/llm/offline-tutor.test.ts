import {
  type RecallSetDefinition,
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { describe, expect, test } from 'vitest';
import { cueOf } from '../../src/llm/offline/tutor-scene';
import { OPENING_CUE, RETURN_CUE } from '../../src/prompts/conversation-cues';
import { type TutorNotes, withTutorNotes } from '../../src/prompts/tutor-request';
import { buildTutorSystemPrompt } from '../../src/prompts/tutor-system-prompt';
import { normalizeText, splitSentences } from '../../src/text/lexical';
import { CELL_ENERGY, ofType } from '../engine/harness';

const PHOTOSYNTHESIS: RecallSetDefinition = {
  name: 'Photosynthesis',
  points: [
    {
      id: 'light',
      content:
        'The light-dependent reactions happen in the thylakoid membranes of the chloroplast.',
      context:
        'First stage. Chlorophyll in photosystems II and I absorbs light; the membranes are stacked into grana.',
    },
    {
      id: 'water',
      content: 'Photosystem II splits water, which releases oxygen as a by-product.',
      context:
        'Photolysis replaces the electrons chlorophyll lost; the oxygen we breathe is the waste product.',
    },
    {
      id: 'calvin',
      content: 'The Calvin cycle takes place in the stroma.',
      context:
        'Second, light-independent stage, in the fluid that surrounds the thylakoids inside the chloroplast.',
    },
  ],
};

const EVENT_LOOP: RecallSetDefinition = {
  name: 'The JavaScript event loop',
  points: [
    {
      content: 'JavaScript runs on a single call stack, one function at a time.',
      context: 'Run-to-completion: a function is never interrupted by another callback.',
    },
    {
      content: 'Promise callbacks are microtasks, which all run before the next task.',
      context:
        'queueMicrotask and MutationObserver also use the microtask queue; it is drained fully.',
    },
  ],
};

async function conversation(definition: RecallSetDefinition, messages: readonly string[]) {
  const storage = createMemoryStorage();
  const recallSet = defineRecallSet(definition, { now: Date.now() - 1000 });
  await storage.saveRecallSet(recallSet);
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const { sessionId } = await engine.startSession(recallSet.id);
  await engine.whenIdle(sessionId);
  for (const message of messages) {
    await engine.sendUserMessage(sessionId, message);
    await engine.whenIdle(sessionId);
  }
  const events = await storage.read(sessionId);
  return {
    events,
    recallSet,
    replies: ofType(events, 'assistant_message').map((event) => event.data.content),
  };
}

const STUCK = Array.from({ length: 7 }, () => "I don't remember anything");
const PRAISE =
  /^(great|good|nice|perfect|exactly|correct|excellent|awesome|brilliant)\b|\b(good job|well done|great job|nice work|that's right)\b/i;
const YES_NO = /^(is|are|do|does|did|can|could|would|will|have|has|should|was|were)\b/i;

describe('offline tutor', () => {
  test('never says the same thing twice in a row, starting with the reply to the first answer', async () => {
    for (const definition of [CELL_ENERGY, PHOTOSYNTHESIS, EVENT_LOOP]) {
      // Up to the third miss on the first point: the engine then moves the focus on (probe wrap).
      const { replies } = await conversation(definition, [
        'It happens somewhere',
        ...STUCK.slice(0, 3),
        'no idea at all',
      ]);
      expect(replies[1]).not.toBe(replies[0]);
      for (let index = 1; index < replies.length; index += 1) {
        expect(replies[index]).not.toBe(replies[index - 1]);
        expect(splitSentences(replies[index]!).at(-1)).not.toBe(
          splitSentences(replies[index - 1]!).at(-1),
        );
      }
    }
  });

  test('keeps the house style: 1–3 sentences, at most one question and an open one, no praise, no lists, no exclamation marks', async () => {
    const runs = await Promise.all([
      conversation(CELL_ENERGY, [
        'ATP synthase is involved somehow',
        ...STUCK.slice(0, 3),
        'ATP synthase makes ATP from ADP and phosphate',
        'glycolysis splits glucose',
        'into two pyruvate molecules in the cytoplasm',
        'The Krebs cycle oxidises acetyl-CoA and releases carbon dioxide',
        'what else?',
      ]),
      conversation(PHOTOSYNTHESIS, ['water gets split and oxygen comes out', ...STUCK]),
      conversation(EVENT_LOOP, ['promise callbacks are microtasks', ...STUCK.slice(0, 4)]),
    ]);
    for (const { replies } of runs) {
      for (const reply of replies) {
        const sentences = splitSentences(reply);
        expect(sentences.length).toBeGreaterThanOrEqual(1);
        expect(sentences.length).toBeLessThanOrEqual(3);
        expect(reply.match(/\?/g)?.length ?? 0).toBeLessThanOrEqual(1);
        expect(reply).not.toContain('!');
        expect(reply).not.toMatch(/^\s*([-*•]|\d+[.)])\s/m);
        expect(reply).not.toMatch(PRAISE);
        expect(reply).not.toMatch(
          /another angle|you('ve| have) recalled|next point|\d+ (of|out of) \d+/i,
        );
        // "Right." and "Yes." only as a sentence of their own, before a question or alone.
        expect(reply).not.toMatch(/^(right|yes)\b(?!\.)/i);
        if (reply.includes('?')) expect(sentences.at(-1)).not.toMatch(YES_NO);
        // Keyword lists read badly: "about first, stage and chlorophyll".
        expect(reply).not.toMatch(/\babout \w+, \w+,? and \w+\b/);
      }
    }
  });

  test('acknowledges a recall with one neutral word, then asks about the point the notes name next', async () => {
    const { replies } = await conversation(CELL_ENERGY, [
      'ATP synthase makes ATP from ADP and phosphate',
    ]);
    const reply = replies[1]!;
    expect(reply).toMatch(/^(Right|Yes)\. /);
    expect(reply).toContain(cueOf(CELL_ENERGY.points[1]!.content)[0]!);
    expect(reply).not.toContain('another angle');
  });

  test('the reply to the message that recalls the last point asks nothing more', async () => {
    const { replies, events } = await conversation(
      CELL_ENERGY,
      CELL_ENERGY.points.map((point) => point.content),
    );
    expect(ofType(events, 'recall_point_recalled')).toHaveLength(3);
    expect(replies.at(-1)).toMatch(/^(Right|Yes)\.$/);
    // Afterwards: a question about a recalled point gets a short answer, never a new question.
    const after = await conversation(CELL_ENERGY, [
      ...CELL_ENERGY.points.map((point) => point.content),
      'Wait, where does glycolysis split the glucose again?',
      'thanks',
    ]);
    const [answer, thanks] = after.replies.slice(-2);
    expect(answer).toContain('cytoplasm');
    expect(answer).not.toContain('?');
    expect(thanks).toMatch(/^(Right|Yes)\.$/);
  });

  test('never contradicts what a partial answer got right', async () => {
    const { replies, events } = await conversation(PHOTOSYNTHESIS, [
      'the light reactions happen in the thylakoids',
    ]);
    const [nearMiss] = ofType(events, 'recall_point_near_miss');
    expect(nearMiss!.data.pointId).toBe('light');
    // The learner said where: no "where it happens" in the feedback, no "where" question.
    expect(nearMiss!.data.feedback).not.toMatch(/where it happens|what it does/);
    expect(replies[1]).not.toMatch(/Where does this happen\?/);
    expect(replies[1]).toMatch(/\?$/);
  });

  test('hints go from a cue to a partial answer; at the third miss it follows the probe wrap', async () => {
    // Wrong answers, each using a word only its point has: attempts, but not "I don't remember".
    const wrong = [
      'ATP synthase sits in the nucleus',
      'ATP synthase, in the nucleus',
      'the nucleus holds ATP synthase',
      'glycolysis is in the nucleus',
      'glycolysis, in the nucleus',
      'the nucleus does glycolysis',
      'the Krebs cycle is in the nucleus',
    ];
    const { replies, events } = await conversation(CELL_ENERGY, wrong);
    // Cues: at most a third of a point's key terms, never its context.
    const contexts = CELL_ENERGY.points.map((point) => cueOf(point.content)[0]!);
    for (const reply of replies) {
      for (const point of CELL_ENERGY.points) expect(reply).not.toContain(point.context);
    }
    const [opening, first, second, wrapToP2, p2First, p2Second, wrapToP3, p3First] = replies;
    expect(opening).toContain(contexts[0]);
    // The first hint narrows from the same clue: one question, no answer word.
    expect(first).toContain(contexts[0]);
    for (const hint of [opening!, first!]) {
      for (const answerWord of ['synthase', 'adp', 'phosphate']) {
        expect(normalizeText(hint)).not.toContain(answerWord);
      }
    }
    // The second miss gets the partial answer, before the engine sets the point aside.
    expect(second).toContain('___');
    expect(normalizeText(second!)).not.toContain(normalizeText(CELL_ENERGY.points[0]!.content));
    // The third miss: no comment and no fourth hint on P1, but the next point's question.
    for (const [reply, context] of [
      [wrapToP2!, contexts[1]!],
      [wrapToP3!, contexts[2]!],
    ] as const) {
      expect(reply).not.toContain('___');
      expect(reply).not.toMatch(/^(Right|Yes|No|Not)\b/);
      expect(reply).toContain(context);
      expect(reply.match(/\?/g)).toHaveLength(1);
    }
    expect(p2First).toContain(contexts[1]);
    expect(p2Second).toContain('___');
    expect(p3First).toContain(contexts[2]);
    // Engine and tutor in step: each message attempted the point the previous reply asked about.
    expect(
      ofType(events, 'assistant_message')
        .slice(1)
        .map((event) => event.data.attemptedPointIds),
    ).toEqual([['p1'], ['p1'], ['p1'], ['p2'], ['p2'], ['p2'], ['p3']]);
    expect(ofType(events, 'recall_point_recalled')).toHaveLength(0);
  });

  test('a whole stuck session: every hint names its point, at most two partial answers in a row, the wrap comes back to the first point', async () => {
    const { replies, events } = await conversation(CELL_ENERGY, STUCK.slice(0, 6).concat(STUCK));
    const attempted = ofType(events, 'assistant_message')
      .slice(1)
      .map((event) => event.data.attemptedPointIds?.[0]);
    // "I don't remember" after a miss sets the point aside (`wrapsProbe`): p1 ×2, p2 ×2,
    // p3 ×2; back on each at two failed attempts, one more sets it aside again; then p1 from
    // its fourth miss on gets two tries again.
    expect(attempted.slice(0, 12)).toEqual([
      'p1',
      'p1',
      'p2',
      'p2',
      'p3',
      'p3',
      'p1',
      'p2',
      'p3',
      'p1',
      'p1',
      'p2',
    ]);
    let clozes = 0;
    for (const [index, reply] of replies.entries()) {
      clozes = reply.includes('___') ? clozes + 1 : 0;
      expect(clozes).toBeLessThanOrEqual(2);
      // An aspect question ("What does this do, exactly?") always follows a clue of its own
      // point: "this" never points at nothing, and it is never asked twice in a row.
      if (/^What (does|is|carries) this\b/m.test(reply.split('. ').at(-1) ?? '')) {
        expect(reply.split(/(?<=\.)\s+/).length).toBeGreaterThan(1);
      }
      if (index > 0) expect(reply).not.toBe(replies[index - 1]);
    }
  });

  test('back from a rabbit hole (task "return") it re-asks the pending question, with no new learner message', async () => {
    const recallSet = defineRecallSet(CELL_ENERGY, { now: 0 });
    const notes = (task: TutorNotes['task'], failedAttempts: number): TutorNotes => ({
      task,
      focus: { label: 'P1', failedAttempts, nearMisses: 0 },
      afterFocus: { kind: 'next', label: 'P2' },
      unchecked: ['P2', 'P3'],
      recalled: [],
      observations: [],
    });
    const request = (failedAttempts: number) =>
      createOfflineLLM().streamText({
        kind: 'tutor',
        system: buildTutorSystemPrompt(recallSet),
        messages: [
          { role: 'user', content: OPENING_CUE },
          { role: 'assistant', content: 'Which enzyme sits in the inner membrane?' },
          { role: 'user', content: 'I wonder why leaves turn red?' },
          { role: 'assistant', content: 'Ask me about it in the side conversation.' },
          {
            role: 'user',
            content: withTutorNotes('', notes('return', failedAttempts)).trimStart(),
          },
        ],
      });
    const textOf = async (stream: AsyncIterable<{ type: string; text?: string }>) => {
      let text = '';
      for await (const part of stream) if (part.type === 'finish') text = part.text ?? '';
      return text;
    };
    const fresh = await textOf(request(0));
    expect(fresh).toMatch(/^Back to Cell energy\. .*\?$/);
    expect(fresh).toContain(cueOf(CELL_ENERGY.points[0]!.content)[0]!);
    // After two misses the pending question was a narrower one: that is the one re-asked.
    const later = await textOf(request(2));
    expect(later).not.toBe(fresh);
    expect(later.match(/\?/g)).toHaveLength(1);
  });

  test("never reads the engine's cues as learner words: an answer completed after a return is credited", async () => {
    const recallSet = defineRecallSet(PHOTOSYNTHESIS, { now: 0 });
    const notes: TutorNotes = {
      task: 'reply',
      focus: { label: 'P1', failedAttempts: 0, nearMisses: 1 },
      afterFocus: { kind: 'next', label: 'P2' },
      unchecked: ['P2', 'P3'],
      recalled: [],
      observations: [],
    };
    let text = '';
    const stream = createOfflineLLM().streamText({
      kind: 'tutor',
      system: buildTutorSystemPrompt(recallSet),
      messages: [
        { role: 'user', content: OPENING_CUE },
        { role: 'assistant', content: 'Where does the first stage happen?' },
        { role: 'user', content: 'The light-dependent reactions happen in the thylakoid' },
        { role: 'assistant', content: 'Part of it is there. Which structure exactly?' },
        { role: 'user', content: RETURN_CUE },
        { role: 'assistant', content: 'Back to Photosynthesis. Which structure exactly?' },
        { role: 'user', content: withTutorNotes('the membranes of the chloroplast', notes) },
      ],
    });
    for await (const part of stream) if (part.type === 'finish') text = part.text;
    // The learner's own previous message completes the answer: the focus is covered.
    expect(text).toMatch(/^(Right|Yes)\. /);
    expect(text).toMatch(/\?$/);
  });

  test('after a recall it asks about the next point from its context, without announcing it', async () => {
    const { replies } = await conversation(PHOTOSYNTHESIS, [
      'The light-dependent reactions happen in the thylakoid membranes of the chloroplast',
    ]);
    const reply = replies[1]!;
    expect(reply).toMatch(/\?$/);
    expect(reply).not.toMatch(/\b(next|move on|moving on|now let's|recalled)\b/i);
  });

  test('a near miss gets a follow-up on the missing aspect, and the completed answer recalls', async () => {
    const { replies, events } = await conversation(CELL_ENERGY, [
      'glycolysis splits glucose',
      'into two pyruvate molecules in the cytoplasm',
    ]);
    const [nearMiss] = ofType(events, 'recall_point_near_miss');
    expect(nearMiss!.data).toEqual({
      pointId: 'p2',
      feedback: 'Partly there — still missing: what it leads to and where it happens.',
    });
    expect(replies[1]).toMatch(/What does this lead to\?$/);
    expect(normalizeText(replies[1]!)).not.toMatch(/pyruvate|cytoplasm/);
    expect(ofType(events, 'recall_point_recalled').map((event) => event.data.pointId)).toEqual([
      'p2',
    ]);
  });

  test('is deterministic: the same conversation gets the same replies', async () => {
    const messages = ['ATP synthase is involved somehow', ...STUCK.slice(0, 4)];
    const first = await conversation(CELL_ENERGY, messages);
    const second = await conversation(CELL_ENERGY, messages);
    expect(second.replies).toEqual(first.replies);
  });
});
