import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
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

  test("labels keep the question's head noun and end on no dangling function word (32 questions)", () => {
    // [question, its head noun as the label must keep it]
    const questions: ReadonlyArray<readonly [string, string]> = [
      ['How do cacti survive in the desert without much water?', 'cacti'],
      ['Why did people wear powdered wigs in that era?', 'wigs'],
      ["What happened to Marie Antoinette's children?", 'children'],
      ['Why do programmers prefer Rust over C++?', 'C++'],
      ['Why do leaves turn red in autumn?', 'leaves'],
      ['How does a vaccine train the immune system?', 'vaccine'],
      ['Why is the sky blue?', 'sky'],
      ['How come cats always land on their feet?', 'cats'],
      ['What happened at Chernobyl in 1986?', 'Chernobyl'],
      ['What happens when a star dies?', 'star'],
      ["What's the difference between TCP and UDP?", 'difference'],
      ['Is C# faster than Java for games?', 'C#'],
      ['How is C++ different from C?', 'C++'],
      ['Which is bigger, a blue whale or a dinosaur?', 'whale'],
      ["Why was Newton's apple story so famous?", 'story'],
      ["Who was Shakespeare's wife?", 'wife'],
      ['I wonder how bees make honey without flowers?', 'bees'],
      ['Why do onions make you cry when you cut them?', 'onions'],
      ['How do airplanes stay up in the air for so long?', 'airplanes'],
      ['Do you know why the Titanic sank so fast?', 'Titanic'],
      ['What did the Romans eat for breakfast every day?', 'Romans'],
      ['Why are flamingos pink and not white?', 'flamingos'],
      ['How did the Egyptians build the pyramids without wheels?', 'pyramids'],
      ['Why does ice float on water?', 'ice'],
      ["What happened to the dinosaurs' feathers?", 'feathers'],
      ['Why is Python slower than C?', 'Python'],
      ['Are crocodiles older than dinosaurs?', 'crocodiles'],
      ['Where do birds go in winter?', 'birds'],
      ["How did Einstein's theory change physics?", 'theory'],
      ['What about volcanoes on other planets?', 'volcanoes'],
      ['Why do we dream at night?', 'dreaming'],
      ['How do octopuses change colour so quickly?', 'octopuses'],
    ];
    const dangling =
      /^(a|an|the|and|or|but|of|in|on|at|to|with|without|for|from|by|as|than|over|under|that|this|these|those|their|its|his|her|our|your|my|is|are|was|were|do|does|did|when|if|so|you|we|they)$/i;
    const labels = questions.map(([question, head]) => {
      const { label } = tangentPhrase(question);
      const words = label.split(' ');
      expect(words.length, label).toBeLessThanOrEqual(6);
      expect(label.length, label).toBeLessThanOrEqual(40);
      expect(words.at(-1), label).not.toMatch(dangling);
      expect(label.toLowerCase(), question).toContain(head.toLowerCase());
      expect(label, question).toMatch(/^\p{Lu}|^[0-9]/u);
      return label;
    });
    for (const bad of [
      'Cacti surviving in the desert without',
      'People wear powdered wigs in that',
      "Happened to Marie Antoinette's children",
      'Programmers prefer Rust over C',
    ]) {
      expect(labels).not.toContain(bad);
    }
    expect(labels[2]).toBe("Marie Antoinette's children");
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
