import { join } from 'node:path';
import { measureSession, readRecallSetsFile, runSession } from '@recall/eval';
import { describe, expect, test } from 'vitest';
import createScriptedModel, { answerKey } from './scripted-model';

const sets = await readRecallSetsFile(
  join(import.meta.dirname, '../../eval/demo-recall-sets.json'),
);

async function measure(persona: 'strong' | 'negator' | 'blank', setIndex = 0) {
  const { events, transcript } = await runSession({
    llm: await createScriptedModel(),
    set: sets[setIndex]!,
    persona,
    run: 0,
    maxTurns: 24,
  });
  return { events, metrics: measureSession(transcript) };
}

describe('the scripted model of npm run eval (the demo sets’ answer key)', () => {
  test.each([0, 1, 2])(
    'a strong learner recalls every point of set %i, each credit earned',
    async (index) => {
      const { metrics } = await measure('strong', index);
      expect(metrics.completed).toBe(true);
      expect(metrics.falseCredits).toBe(0);
      expect(metrics.missedCredits).toBe(0);
      expect(metrics.reAsks).toBe(0);
      expect(metrics.maxQuestionsPerReply).toBe(1);
    },
  );

  test('a negation that keeps the point’s words is no statement of it', async () => {
    const { events, metrics } = await measure('negator');
    expect(events.filter((event) => event.type === 'recall_point_recalled')).toEqual([]);
    expect(metrics.falseCredits).toBe(0);
  });

  test('its tutor wraps the probe when the engine does: a blank learner hears every point by turn 12', async () => {
    const { metrics } = await measure('blank');
    expect(metrics.allPointsAskedByTurn).not.toBeNull();
    expect(metrics.allPointsAskedByTurn!).toBeLessThanOrEqual(12);
    expect(metrics.longestAskRun).toBeLessThanOrEqual(3);
  });

  test('each point is named by a cue of its own content', () => {
    const key = answerKey(sets);
    const photosynthesis = sets[0]!.recallSet.points;
    for (const point of photosynthesis) {
      const keyed = [...key.values()].find((entry) => entry.id === point.id)!;
      for (const word of keyed.cue.split(' and ')) {
        expect(point.content.toLowerCase()).toContain(word.toLowerCase());
      }
    }
  });
});
