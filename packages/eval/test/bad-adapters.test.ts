import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { readRecallSetsFile } from '../src/sets/sets-file';
import { runSession } from '../src/run/run-session';
import {
  DEMO_SETS,
  oneSetFile,
  readReport,
  REPO_THRESHOLDS,
  runCaptured,
} from './eval-test-support';
import reAsksRecalledPoint from './fixtures/re-asks-recalled-point';

// Deliberately bad tutors through `--llm module:`: each must be caught by its own metric and
// fail the repository's thresholds, where the offline model it wraps passes that metric.

const FIXTURES = join(import.meta.dirname, 'fixtures');
let sets: string;
let directory: string;

beforeAll(async () => {
  ({ sets, directory } = await oneSetFile());
});

async function evaluate(llm: string, out: string) {
  const result = await runCaptured([
    '--sets',
    sets,
    '--llm',
    llm,
    '--personas',
    'strong',
    '--max-turns',
    '10',
    '--out',
    join(directory, out),
    '--thresholds',
    REPO_THRESHOLDS,
  ]);
  return { ...result, report: await readReport(join(directory, out)) };
}

describe('planted bad adapters', () => {
  test('the offline model itself: no re-ask, one question per reply, leak within the cap', async () => {
    const { report } = await evaluate('offline', 'offline');
    expect(report.overall.reAsks).toBe(0);
    expect(report.overall.maxQuestionsPerReply).toBe(1);
    expect(report.overall.tutorLeakMax).toBeLessThanOrEqual(0.5);
  });

  test('one that states the pending point: answer leak', async () => {
    const { code, stderr, report } = await evaluate(
      `module:${FIXTURES}/states-pending-point.ts`,
      'leak',
    );
    expect(report.overall.tutorLeakMax).toBe(1);
    expect(code).toBe(1);
    expect(stderr).toMatch(/overall: tutorLeakMax is 1, the limit is at most 0\.5/);
    expect(stderr).not.toMatch(/reAsks|maxQuestionsPerReply/);
  });

  test('one that asks two questions: questions per reply', async () => {
    const { code, stderr, report } = await evaluate(
      `module:${FIXTURES}/asks-two-questions.ts`,
      'two',
    );
    expect(report.overall.questionsPerReply.twoPlus).toBeGreaterThan(0.5);
    expect(code).toBe(1);
    expect(stderr).toMatch(/overall: maxQuestionsPerReply is 2, the limit is at most 1/);
    expect(stderr).not.toMatch(/reAsks|tutorLeakMax/);
  });

  test('one that re-asks a recalled point: re-asks', async () => {
    const { code, stderr, report } = await evaluate(
      `module:${FIXTURES}/re-asks-recalled-point.ts`,
      'reask',
    );
    expect(report.overall.reAsks).toBeGreaterThan(0);
    expect(code).toBe(1);
    expect(stderr).toMatch(/overall: reAsks is \d+, the limit is at most 0/);
    expect(stderr).not.toMatch(/maxQuestionsPerReply/);
  });

  test('the re-asks are the ones the engine stored (assistant_message.reaskedPointId)', async () => {
    const [set] = await readRecallSetsFile(DEMO_SETS);
    const { events, transcript } = await runSession({
      llm: await reAsksRecalledPoint(),
      set: set!,
      persona: 'strong',
      run: 0,
      maxTurns: 6,
    });
    const stored = events.flatMap((event) =>
      event.type === 'assistant_message' && event.data.reaskedPointId !== undefined
        ? [event.data.reaskedPointId]
        : [],
    );
    const recalled = events.flatMap((event) =>
      event.type === 'recall_point_recalled' ? [event.data.pointId] : [],
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const pointId of stored) expect(recalled).toContain(pointId);
    expect(transcript.replies.flatMap((reply) => reply.reaskedPointId ?? [])).toEqual(stored);
  });
});
