import type { LLMAdapter, LLMCallOptions } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { describe, expect, test } from 'vitest';
import { RecallEvalError } from '../errors';
import { runSession } from '../run/run-session';
import { parseRecallSets } from './sets-file';

const MARKER = 'zebracorn';
const DEFINITION = [
  {
    name: 'Volcanoes',
    points: [
      {
        content: 'Lava is magma that reaches the surface.',
        context: 'Volcanoes.',
        evalAnswers: {
          strong: `Molten rock at the surface is lava, my ${MARKER} friend.`,
          partial: [`Something about magma ${MARKER}.`],
          negated: `Lava is not magma ${MARKER}.`,
          confused: `Surface is magma that reaches the lava ${MARKER}.`,
          question: `Is it about magma ${MARKER}?`,
        },
      },
      { content: 'The mantle lies between the crust and the core.', context: 'Layers.' },
    ],
  },
];

/** The offline model, recording every request it is sent. */
function capturing(): { llm: LLMAdapter; requests: LLMCallOptions[] } {
  const inner = createOfflineLLM();
  const requests: LLMCallOptions[] = [];
  return {
    requests,
    llm: {
      specificationVersion: 'recall-llm-v1',
      name: 'capturing',
      streamText(options) {
        requests.push(options);
        return inner.streamText(options);
      },
      generateObject(options) {
        requests.push(options);
        return inner.generateObject(options);
      },
    },
  };
}

describe('the sets file', () => {
  test('evalAnswers are stripped before defineRecallSet and kept apart', () => {
    const [set] = parseRecallSets(DEFINITION, { now: 0 });
    expect(JSON.stringify(set!.recallSet)).not.toContain(MARKER);
    expect(set!.recallSet.id).toBe('set-1');
    expect(set!.recallSet.points.map((point) => point.id)).toEqual([
      'set-1-point-1',
      'set-1-point-2',
    ]);
    expect(set!.answers.get('set-1-point-1')?.negated).toEqual([`Lava is not magma ${MARKER}.`]);
    expect(set!.answers.has('set-1-point-2')).toBe(false);
  });

  test('no model request carries evalAnswers, except as the learner’s own message', async () => {
    const [set] = parseRecallSets(DEFINITION, { now: 0 });
    for (const persona of ['blank', 'negator', 'strong'] as const) {
      const { llm, requests } = capturing();
      const { events } = await runSession({ llm, set: set!, persona, run: 0, maxTurns: 4 });
      expect(requests.length).toBeGreaterThan(0);
      const sentByLearner = events.flatMap((event) =>
        event.type === 'user_message' ? [event.data.content] : [],
      );
      for (const request of requests) {
        expect(request.system).not.toContain(MARKER);
        for (const message of request.messages) {
          // Whatever carries the marker is a learner message the persona really sent.
          const withoutLearner = sentByLearner.reduce(
            (text, sent) => text.split(sent).join(''),
            message.content,
          );
          expect(withoutLearner).not.toContain(MARKER);
        }
      }
      if (persona === 'blank') {
        expect(JSON.stringify(requests)).not.toContain(MARKER);
      } else {
        expect(sentByLearner.join(' ')).toContain(MARKER);
      }
    }
  });

  test.each([
    [{ points: [] }, /non-empty JSON array/],
    [[], /non-empty JSON array/],
    [[{ name: 'x' }], /set 1 must be an object with a "points" array/],
    [
      [{ name: 'x', points: [{ content: 'a', context: 'b', evalAnswers: { wrong: 'x' } }] }],
      /evalAnswers\.wrong is not one of/,
    ],
    [
      [{ name: 'x', points: [{ content: 'a', context: 'b', evalAnswers: { strong: [] } }] }],
      /must be a non-empty string or array/,
    ],
    [[{ name: 'x', points: [{ content: 'a' }] }], /not a valid recall set definition/],
    [
      [
        { id: 'a', name: 'x', points: [{ content: 'a', context: 'b' }] },
        { id: 'a', name: 'y', points: [{ content: 'a', context: 'b' }] },
      ],
      /two sets have the id "a"/,
    ],
  ])('rejects %j with EVAL_SETS_INVALID', (value, message) => {
    let error: unknown;
    try {
      parseRecallSets(value);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RecallEvalError);
    expect((error as RecallEvalError).code).toBe('EVAL_SETS_INVALID');
    expect((error as RecallEvalError).message).toMatch(message);
  });
});
