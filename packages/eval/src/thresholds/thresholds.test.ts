import { describe, expect, test } from 'vitest';
import { RecallEvalError } from '../errors';
import { aggregate } from '../metrics/aggregate';
import type { EvalReport } from '../run/run-eval';
import { checkThresholds, parseThresholds } from './thresholds';

function report(overrides: Partial<EvalReport['overall']>): EvalReport {
  const overall = { ...aggregate([]), ...overrides };
  return {
    settings: { llm: 'x', personas: ['echo'], sets: ['s'], runs: 1, maxTurns: 1 },
    versions: {},
    durationMs: 0,
    overall,
    personas: { echo: overall },
    sets: { s: overall },
    sessions: [],
  };
}

describe('thresholds', () => {
  test('names every crossed limit, by scope', () => {
    const thresholds = parseThresholds({
      overall: { reAsks: { max: 0 }, completionRate: { min: 0.5 } },
      personas: { echo: { falseCredits: { max: 0 } }, asker: { falseCredits: { max: 0 } } },
      sets: { s: { allPointsAskedByTurn: { max: 12 } } },
    });
    const violations = checkThresholds(
      report({ reAsks: 2, completionRate: 0.25, falseCredits: 1, allPointsAskedByTurn: null }),
      thresholds,
    );
    expect(violations.map((violation) => violation.message)).toEqual([
      'overall: completionRate is 0.250, the limit is at least 0.5',
      'overall: reAsks is 2, the limit is at most 0',
      'persona echo: falseCredits is 1, the limit is at most 0',
      'set s: allPointsAskedByTurn is never reached, the limit is at most 12',
    ]);
    expect(
      checkThresholds(
        report({ reAsks: 0, completionRate: 1, allPointsAskedByTurn: 3 }),
        thresholds,
      ),
    ).toEqual([]);
  });

  test.each([
    [[], /must be a JSON object/],
    [{ overall: { reAsk: { max: 0 } } }, /overall\.reAsk is not a metric/],
    [{ overall: { reAsks: { below: 0 } } }, /must be \{ "max"\?: number/],
    [{ overall: { reAsks: {} } }, /must be \{ "max"\?: number/],
    [{ personas: { echo: 3 } }, /personas\.echo must be an object/],
    [{ everything: {} }, /unknown key "everything"/],
  ])('%j is refused', (value, message) => {
    expect(() => parseThresholds(value)).toThrow(RecallEvalError);
    expect(() => parseThresholds(value)).toThrow(message);
  });

  test('the repository thresholds file parses', async () => {
    const { readThresholdsFile } = await import('./thresholds');
    const thresholds = await readThresholdsFile(
      new URL('../../../../eval/thresholds.json', import.meta.url).pathname,
    );
    expect(thresholds.personas?.blank?.longestAskRun).toEqual({ max: 3 });
  });
});
