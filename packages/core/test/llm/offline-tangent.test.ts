import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/offline';
import { describe, expect, test } from 'vitest';
import { gerund, tangentPhrase } from '../../src/llm/offline/tangent-phrase';
import { CELL_ENERGY, ofType } from '../engine/harness';

describe('offline rabbit-hole topics and labels', () => {
  test('are readable phrases taken from the question, never keyword salad', () => {
    expect(tangentPhrase('I wonder why leaves turn red and yellow in autumn?')).toEqual({
      topic: 'leaves turning red and yellow in autumn',
      label: 'Leaves turning red and yellow',
    });
    expect(tangentPhrase('Hmm, how do bees make honey?')).toEqual({
      topic: 'bees making honey',
      label: 'Bees making honey',
    });
    expect(tangentPhrase('Do you know why the Roman Empire split in two?')).toEqual({
      topic: 'the Roman Empire splitting in two',
      label: 'Roman Empire splitting in two',
    });
    expect(tangentPhrase('That makes sense. What about volcanoes on other planets?')).toEqual({
      topic: 'volcanoes on other planets',
      label: 'Volcanoes on other planets',
    });
    // No clear verb: the question stays as asked; the label drops its question words.
    expect(tangentPhrase('Why is the sky blue?')).toEqual({
      topic: 'why is the sky blue',
      label: 'Sky blue',
    });
    expect(tangentPhrase('Where do birds go in winter?').label).toBe('Birds go in winter');
  });

  test('labels have at most six words and 40 characters and never end on a small word', () => {
    for (const message of [
      'I wonder why mitochondria have their own DNA and bacteria ancestry?',
      'How come cats always land on their feet?',
      "I'm curious about how Napoleon lost at Waterloo",
      'why does the moon look bigger near the horizon',
    ]) {
      const { topic, label } = tangentPhrase(message);
      const words = label.split(' ');
      expect(words.length).toBeLessThanOrEqual(6);
      expect(label.length).toBeLessThanOrEqual(40);
      expect(words.at(-1)).not.toMatch(/^(and|or|of|in|on|at|to|the|a|their|its|near)$/i);
      expect(label).not.toMatch(/wonder|curious/i);
      expect(message.toLowerCase()).toContain(words[0]!.toLowerCase());
      expect(topic).not.toMatch(/^(i wonder|i'm curious)/i);
    }
  });

  test('-ing forms follow English spelling', () => {
    expect(['turn', 'make', 'run', 'flies', 'lie', 'splits', 'goes'].map(gerund)).toEqual([
      'turning',
      'making',
      'running',
      'flying',
      'lying',
      'splitting',
      'going',
    ]);
  });

  test('the engine offers the rabbit hole with that topic and label', async () => {
    const storage = createMemoryStorage();
    const recallSet = defineRecallSet(CELL_ENERGY, { now: 0 });
    await storage.saveRecallSet(recallSet);
    const engine = createRecallEngine({
      storage,
      llm: createOfflineLLM(),
      config: { detectionWarmupExchanges: 0 },
    });
    const { sessionId } = await engine.startSession(recallSet.id);
    await engine.whenIdle(sessionId);
    await engine.sendUserMessage(sessionId, 'I wonder why leaves turn red and yellow in autumn?');
    await engine.whenIdle(sessionId);
    const [detected] = ofType(await storage.read(sessionId), 'rabbithole_detected');
    expect(detected?.data).toMatchObject({
      topic: 'leaves turning red and yellow in autumn',
      label: 'Leaves turning red and yellow',
    });
  });
});
