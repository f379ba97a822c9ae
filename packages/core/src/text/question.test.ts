import { describe, expect, test } from 'vitest';
import { isLearnerQuestion } from './question';

describe('isLearnerQuestion', () => {
  test.each([
    'Which hormone makes the collecting duct more permeable to water?',
    'which hormone makes the collecting duct more permeable',
    'what do B cells make',
    'how does the heart pump blood',
    'is it the moon that causes tides',
    'does sound go faster in water',
    'are blue stars hotter than red ones',
    'can plants make sugar without light',
    'so what happens to the oxygen then',
    'and why does the oceanic plate sink',
    'wait is that the mitochondria',
    'um where does glycolysis happen',
    "isn't it the pancreas",
    'the mitochondria right?',
    'what fills the gap',
    'could it be the liver or the kidney',
    'how many strands does DNA have',
  ])('a question: %s', (text) => {
    expect(isLearnerQuestion(text)).toBe(true);
  });

  test.each([
    'can be found in the mitochondria',
    'what happens is that the plates move apart',
    'how it works is the enzyme binds the substrate',
    'is made of two strands twisted into a double helix',
    'Mitochondria release energy from food through respiration.',
    'I think the moon pulls on the oceans',
    'it is the pancreas that releases glucagon',
    'when the price rises people buy less',
    'where the plates meet you get volcanoes',
    'which is why the sea level rises',
    'does not travel through a vacuum',
    'lava',
    'I wonder if it is the liver',
    'why it happens is the tilt of the axis',
  ])('not a question: %s', (text) => {
    expect(isLearnerQuestion(text)).toBe(false);
  });
});
