// The offline tutor over whole sessions: a stuck learner, the return from a rabbit hole, the
// engine's cues, follow-ups after a recall or a near miss, determinism. Style and hints:
// offline-tutor.test.ts.
import { defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { describe, expect, test } from 'vitest';
import { cueOf } from '../../src/llm/offline/tutor-scene';
import { OPENING_CUE, RETURN_CUE } from '../../src/prompts/conversation-cues';
import type { TutorNotes } from '../../src/prompts/tutor-notes';
import { buildTutorSystemPrompt, withTutorNotes } from '../../src/prompts/turn-requests';
import { normalizeText } from '../../src/text/lexical';
import { CELL_ENERGY, ofType } from '../engine/harness';
import { conversation, PHOTOSYNTHESIS, STUCK } from './offline-tutor-harness';

describe('offline tutor', () => {
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
