// Offline meaning checks: negations, swapped roles, wrong terms, and those with the WordNet table.
// Forms of words and sentences: offline-meaning-forms.test.ts.
import { describe, expect, test } from 'vitest';
import { judgeAnswer, readPoints } from '../../src/llm/offline/lexical-judge';
import { compare, ENZYME, useWordNetTable } from './offline-judge-harness';

describe('offline meaning checks', () => {
  test('the same sentence, or the same with small changes of form, is no contradiction', () => {
    for (const answer of [
      ENZYME,
      'pepsin breaks proteins down into peptides in the stomach',
      'In the stomach, pepsin breaks proteins down into peptides.',
      'Proteins are broken down into peptides by pepsin in the stomach.',
    ]) {
      expect(compare(ENZYME, answer), answer).toBeNull();
    }
  });

  test('a negation of what the point states is caught in its usual forms', () => {
    for (const answer of [
      'Pepsin does not break proteins down into peptides in the stomach.',
      "Pepsin doesn't break proteins down into peptides in the stomach.",
      'Pepsin never breaks proteins down into peptides in the stomach.',
      "I don't think pepsin breaks proteins down into peptides.",
      'It is false that pepsin breaks proteins down into peptides.',
      'Pepsin has nothing to do with breaking proteins into peptides.',
      "Pepsin doesn't really break proteins down into peptides in the stomach.",
      'Pepsin does not exactly break proteins down into peptides in the stomach.',
    ]) {
      expect(compare(ENZYME, answer), answer).toBe('negated');
    }
  });

  test('hedges and contrasts outside the point are no negation', () => {
    for (const answer of [
      "I'm not sure, but pepsin breaks proteins down into peptides in the stomach.",
      "I'm not really sure, but pepsin breaks proteins down into peptides in the stomach.",
      "I'm not 100 percent sure, but pepsin breaks proteins down into peptides in the stomach.",
      'Not only that: pepsin breaks proteins down into peptides in the stomach, but also more.',
      'Pepsin breaks proteins down into peptides in the stomach, not in the mouth.',
    ]) {
      expect(compare(ENZYME, answer), answer).toBeNull();
    }
  });

  test('a point that itself negates keeps its negation', () => {
    const point = 'Penguins cannot fly, but they swim well.';
    expect(compare(point, "Penguins can't fly, but they swim well.")).toBeNull();
    expect(compare(point, 'Penguins can fly, but they swim well.')).toBe('negated');
    expect(compare(point, 'Penguins fly well but cannot swim.')).toBe('negated');
  });

  test('swapped roles, flipped directions and moved comparisons are caught', () => {
    expect(compare(ENZYME, 'Peptides break pepsin down into proteins in the stomach.')).toBe(
      'swapped',
    );
    expect(
      compare(
        'Heat flows from hot objects to cold objects.',
        'Heat flows from cold objects to hot objects.',
      ),
    ).not.toBeNull();
    expect(
      compare(
        'Oxygen diffuses from the lungs into the blood.',
        'Oxygen diffuses from the blood into the lungs.',
      ),
    ).toBe('swapped');
    expect(compare('Light travels faster than sound.', 'Sound travels faster than light.')).toBe(
      'swapped',
    );
    // A symmetric relation reads the same both ways round.
    expect(
      compare('Supply equals demand at equilibrium.', 'Demand equals supply at equilibrium.'),
    ).toBeNull();
    // The items of one list may come in any order.
    expect(
      compare(
        'Mercury, Venus and Mars are rocky planets.',
        'Mars, Venus and Mercury are rocky planets.',
      ),
    ).toBeNull();
  });

  test('a wrong term in an otherwise identical sentence is caught: opposites, numbers, other words', () => {
    expect(compare(ENZYME, 'Pepsin breaks proteins down into peptides in the intestine.')).toBe(
      'wrong_term',
    );
    expect(
      compare('Prices rise when demand increases.', 'Prices rise when demand decreases.'),
    ).toBe('wrong_term');
    expect(
      compare('Humans have 23 pairs of chromosomes.', 'Humans have 24 pairs of chromosomes.'),
    ).toBe('wrong_term');
    expect(compare('A spider has eight legs.', 'A spider has six legs.')).toBe('wrong_term');
    // A listed near-synonym is no wrong term.
    expect(
      compare('Earthquakes occur along faults.', 'Earthquakes happen along faults.'),
    ).toBeNull();
  });

  test('a contradicted point is never recalled nor a near miss (a wrong term, a negation)', () => {
    const points = readPoints([ENZYME, 'Bile emulsifies fats in the small intestine.']);
    const [negated] = judgeAnswer({
      points,
      latest: 'Pepsin does not break proteins down into peptides in the stomach.',
    });
    expect(negated).toMatchObject({ recalled: false, nearMiss: false, contradiction: 'negated' });
    const [wrong] = judgeAnswer({
      points,
      latest: 'Pepsin breaks proteins down into peptides in the mouth.',
    });
    expect(wrong).toMatchObject({ recalled: false, nearMiss: false, contradiction: 'wrong_term' });
    // A follow-up does not complete a negated answer into a recall.
    const [followUp] = judgeAnswer({
      points,
      latest: 'into peptides, in the stomach',
      previous: 'Pepsin does not break proteins down',
    });
    expect(followUp!.recalled).toBe(false);
  });

  test('"takes place" reads as "happens", and roman numerals as numbers', () => {
    const points = readPoints([
      'The Calvin cycle takes place in the stroma.',
      'Photosystem II splits water, which releases oxygen.',
    ]);
    const recalled = (answer: string) =>
      judgeAnswer({ points, latest: answer }).map((judgement) => judgement.recalled);
    expect(recalled('the calvin cycle happens in the stroma')).toEqual([true, false]);
    expect(recalled('the Calvin cycle occurs in the stroma')).toEqual([true, false]);
    expect(recalled('the calvin cycle takes place in the thylakoids')).toEqual([false, false]);
    expect(recalled('photosystem two splits water and releases oxygen')).toEqual([false, true]);
    expect(recalled('photosystem three splits water and releases oxygen')).toEqual([false, false]);
  });

  describe('with the WordNet table', () => {
    useWordNetTable();

    test('a passive without an agent lines up with the active sentence that names one', () => {
      expect(
        compare(
          'Most calcium is absorbed through the lining of the gut.',
          'the lining of the gut absorbs most calcium',
        ),
      ).toBeNull();
      // The adverb between "is" and the participle stays: an opposite there is still caught.
      expect(
        compare(
          'Stress built up along a fault is suddenly released.',
          'stress built up along a fault is slowly released',
        ),
      ).toBe('wrong_term');
    });

    test('a verb that moves to a clause of its own is rewording, not a swap of roles', () => {
      expect(
        compare(
          'Teachers motivate pupils by praising their effort.',
          'teachers praise the effort of pupils, which motivates them',
        ),
      ).toBeNull();
      // Things trading places around a relation still are.
      expect(
        compare(
          'The denser oceanic plate sinks beneath the continental plate.',
          'the continental plate sinks beneath the denser oceanic plate',
        ),
      ).toBe('swapped');
      expect(
        compare(
          'The larger gear turns the smaller gear.',
          'the smaller gear turns the larger gear',
        ),
      ).toBe('swapped');
    });

    test('two phrases of place or time trading places around a word that stays are a swap', () => {
      const point = 'Frogs lay eggs in ponds in spring, and toads lay eggs in streams in summer.';
      expect(
        compare(point, 'frogs lay eggs in streams in summer and toads lay eggs in ponds in spring'),
      ).toBe('swapped');
      // One phrase moving within its own part of the sentence is rewording.
      for (const answer of [
        'in spring frogs lay eggs in ponds and in summer toads lay eggs in streams',
        'frogs lay eggs in ponds in spring and toads lay eggs in streams in summer',
      ]) {
        expect(compare(point, answer), answer).toBeNull();
      }
    });

    test('a synonym of a point word from elsewhere still counts where it stands', () => {
      const point =
        'Leaves look green because the chlorophyll in their cells reflects green sunlight.';
      // "sun" says "sunlight", but it stands where "cells" was: a wrong word there.
      expect(
        compare(point, 'leaves look green because the chlorophyll in the sun reflects green light'),
      ).toBe('wrong_term');
      // Said in its own place, or as the point's own word moved, it is rewording.
      for (const answer of [
        'leaves look green because chlorophyll in their cells reflects green light from the sun',
        "leaves look green because the chlorophyll in their cells reflects the sun's green light",
      ]) {
        expect(compare(point, answer), answer).toBeNull();
      }
    });

    test('a word spelt the British way or stripped of its "e" by its ending is still itself', () => {
      const point = 'Merchants travelled south, while camels moved salt north.';
      expect(compare(point, 'merchants went south while camels carried salt north')).toBeNull();
      expect(compare(point, 'merchants went south while camels went salt north')).toBeNull();
      const [judgement] = judgeAnswer({
        points: readPoints(['Pilgrims travelled to the shrine and moved slowly.']),
        latest: 'the pilgrims went to the shrine and they went slowly',
      });
      expect(judgement!.recalled).toBe(true);
    });
  });
});
