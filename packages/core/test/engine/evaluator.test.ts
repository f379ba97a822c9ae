import { LLMOutputError } from '@recall/core';
import type { EngineFeedItem } from '@recall/core';
import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

describe('evaluator', () => {
  test('one judge call per learner message over every unchecked point', async () => {
    const h = await createHarness({
      script: { evaluator: [scriptEvaluation({ recalled: ['p2'] })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'first');
    await h.say(sessionId, 'second');
    const calls = h.llm.requestsOf('evaluator');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.messages).toHaveLength(1);
    expect(calls[0]!.messages[0]!.content).toMatch(/id="p1"[\s\S]*id="p2"[\s\S]*id="p3"/);
    expect(calls[1]!.messages[0]!.content).not.toContain('id="p2"');
    expect(calls[0]!.messages[0]!.content).toContain('<latest_message>first</latest_message>');
    expect(h.llm.requests.filter((request) => request.kind !== 'tutor')).toHaveLength(2);
  });

  test('near misses: reported once per point per turn, never for a confident "not addressed"', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          {
            object: {
              points: [
                {
                  pointId: 'p1',
                  recalled: false,
                  nearMiss: true,
                  missing: 'where it sits',
                  certainty: 0.8,
                  attempted: true,
                  evidence: '',
                },
                {
                  pointId: 'p1',
                  recalled: false,
                  nearMiss: true,
                  missing: 'duplicate',
                  certainty: 0.8,
                  attempted: true,
                  evidence: '',
                },
                {
                  pointId: 'p2',
                  recalled: false,
                  nearMiss: false,
                  missing: '',
                  certainty: 0.95,
                  attempted: false,
                  evidence: '',
                },
                {
                  pointId: 'p3',
                  recalled: false,
                  nearMiss: true,
                  missing: 'unsure',
                  certainty: 0.3,
                  attempted: true,
                  evidence: '',
                },
              ],
            },
          },
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'an enzyme does it');
    const nearMisses = ofType(await h.events(sessionId), 'recall_point_near_miss');
    expect(nearMisses.map((event) => event.data)).toEqual([
      { pointId: 'p1', feedback: 'where it sits' },
    ]);
    expect(ofType(await h.events(sessionId), 'recall_point_recalled')).toHaveLength(0);
  });

  test('near-miss feedback never gives the answer away: a leaking `missing` becomes a safe hint', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          scriptEvaluation({ nearMiss: { p1: 'missing: ADP, phosphate' } }),
          scriptEvaluation({ nearMiss: { p2: 'what it ends up as' } }),
          scriptEvaluation({ nearMiss: { p1: 'synthase' } }),
        ],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase is involved');
    await h.say(sessionId, 'glycolysis splits glucose into something');
    // Words the learner said themselves are no secret.
    await h.say(sessionId, 'ATP synthase again');
    const nearMisses = ofType(await h.events(sessionId), 'recall_point_near_miss');
    expect(nearMisses.map((event) => event.data)).toEqual([
      // Names the missing aspects read from the content, never its words.
      {
        pointId: 'p1',
        feedback: 'Partly there — still missing: what it does and what it comes from.',
      },
      // A nudge that quotes no answer word passes through unchanged.
      { pointId: 'p2', feedback: 'what it ends up as' },
      { pointId: 'p1', feedback: 'synthase' },
    ]);
    // The tutor's notes carry the same learner-safe text (the log is the source of truth).
    const notes = h.llm.requestsOf('tutor')[2]!.messages.at(-1)!.content;
    expect(notes).toContain('<near_miss point="P1">');
    expect(notes).toContain('<near_miss point="P1">Partly there — still missing:');
    expect(notes).not.toMatch(/ADP|phosphate/);
  });

  test('recall needs the configured certainty', async () => {
    const h = await createHarness({
      config: { recallCertainty: 0.8 },
      script: { evaluator: [scriptEvaluation({ recalled: { p1: 0.7, p2: 0.85 } })] },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'guess');
    const recalls = ofType(await h.events(sessionId), 'recall_point_recalled');
    expect(recalls.map((event) => event.data.pointId)).toEqual(['p2']);
  });

  test('observations reach the tutor only in the next user turn, tagged', async () => {
    const h = await createHarness({
      script: {
        evaluator: [scriptEvaluation({ recalled: ['p2'], nearMiss: { p1: 'the enzyme name' } })],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'glycolysis splits glucose, some enzyme makes ATP');
    await h.say(sessionId, 'not sure');
    const [opening, first, second] = h.llm.requestsOf('tutor');
    // The turn that produced the observations ran concurrently: its reply did not see them.
    expect(first!.messages.at(-1)!.content).not.toContain('<observations>');
    const last = second!.messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content.startsWith('not sure\n\n<session_notes>')).toBe(true);
    expect(last.content).toContain('<near_miss point="P1">the enzyme name</near_miss>');
    expect(last.content).toContain('<recalled point="P2"></recalled>');
    for (const request of [opening!, first!, second!]) {
      expect(request.system).not.toContain('the enzyme name');
      for (const message of request.messages.slice(0, -1)) {
        expect(message.content).not.toContain('<session_notes>');
      }
    }
    expect(
      second!.messages.filter((message) => message.role === 'assistant').map((m) => m.content),
    ).toEqual(['Scripted tutor reply 1.', 'Scripted tutor reply 2.']);
  });

  test('a failing judge is reported as an error item and the turn continues', async () => {
    const h = await createHarness({
      script: {
        evaluator: [
          { object: { points: 'nonsense' } },
          { error: new LLMOutputError('bad json', '{') },
        ],
        tutor: ['Opening?', 'Reply one.', 'Reply two.'],
      },
    });
    const { sessionId } = await h.start();
    const items: EngineFeedItem[] = [];
    h.engine.subscribe(sessionId, { afterSeq: 0 }, (item) => items.push(item));
    await h.say(sessionId, 'first');
    await h.say(sessionId, 'second');
    const errors = items.filter((item) => item.kind === 'error');
    expect(errors.map((item) => item.kind === 'error' && item.error.code)).toEqual([
      'LLM_OUTPUT_INVALID',
      'LLM_OUTPUT_INVALID',
    ]);
    const messages = ofType(await h.events(sessionId), 'assistant_message');
    expect(messages.map((event) => [event.data.content, event.data.interrupted])).toEqual([
      ['Opening?', undefined],
      ['Reply one.', undefined],
      ['Reply two.', undefined],
    ]);
  });

  test('judge usage is stored with the turn and kept apart from conversation usage', async () => {
    const h = await createHarness({
      script: {
        tutor: [
          { text: 'Opening?', usage: { inputTokens: 100, outputTokens: 10 } },
          { text: 'Next?', usage: { inputTokens: 200, outputTokens: 20 } },
        ],
        evaluator: [{ ...scriptEvaluation({}), usage: { inputTokens: 50, outputTokens: 5 } }],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'hello');
    const reply = ofType(await h.events(sessionId), 'assistant_message')[1]!;
    expect(reply.data.usage).toMatchObject({ inputTokens: 200, outputTokens: 20 });
    expect(reply.data.judgeUsage).toMatchObject({ inputTokens: 50, outputTokens: 5 });
    const state = await h.engine.getSessionState(sessionId);
    expect(state.usage).toMatchObject({ inputTokens: 300, outputTokens: 30 });
    expect(state.judgeUsage).toMatchObject({ inputTokens: 50, outputTokens: 5 });
  });
});
