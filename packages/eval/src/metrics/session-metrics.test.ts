import { describe, expect, test } from 'vitest';
import { CASES } from '../../test/planted-cases';
import { measurePlanted, plant } from '../../test/planted';

// 24 hand-labelled transcripts (test/planted-cases.ts), each with the value every detector must find.

describe('detectors on hand-labelled transcripts', () => {
  test.each(CASES)('%s', (_name, steps, label) => {
    const { events, intents } = plant(steps);
    const metrics = measurePlanted(events, { intents });
    expect({
      completed: metrics.completed,
      turnsToCompletion: metrics.turnsToCompletion,
      stuck: metrics.stuck,
      reAsks: metrics.reAsks,
      twoPlus: metrics.questions.twoPlus,
      tutorLeakMax: metrics.tutorLeakMax,
      rabbitholeLeakMax: metrics.rabbitholeLeakMax,
      falseCredits: metrics.falseCredits,
      missedCredits: metrics.missedCredits,
    }).toEqual(label);
  });

  test('there are at least 20 labelled transcripts', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
  });

  test('the longest ask run and when every point was first asked', () => {
    const [, steps] = CASES[14]!;
    const { events, intents } = plant(steps);
    const metrics = measurePlanted(events, { intents });
    expect(metrics.longestAskRun).toBe(3);
    expect(metrics.allPointsAskedByTurn).toBe(6);
    expect(metrics.questions).toEqual({ zero: 0, one: 9, twoPlus: 0 });
  });
});
