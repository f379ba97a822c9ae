// Offline meaning checks on forms of words and sentences: contractions without the apostrophe,
// "not" against "no", lone letters, ordinals, compounds, names, denied relations, slips.
// The core checks and those with the WordNet table: offline-meaning.test.ts.
import { describe, expect, test } from 'vitest';
import { judgeAnswer, readPoints } from '../../src/llm/offline/lexical-judge';
import { compare, ENZYME } from './offline-judge-harness';

describe('offline meaning checks', () => {
  test('negative contractions typed without the apostrophe negate', () => {
    for (const answer of [
      'pepsin doesnt break proteins down into peptides in the stomach',
      'pepsin didnt break proteins down into peptides in the stomach',
      'pepsin cant break proteins down into peptides in the stomach',
    ]) {
      expect(compare(ENZYME, answer), answer).toBe('negated');
    }
    const point = 'Owls cannot see colours well at night.';
    expect(compare(point, 'owls couldnt see colours well at night')).toBeNull();
    expect(compare(point, 'owls can see colours well at night')).toBe('negated');
  });

  test('"not" on the verb says what "no" on its object says, in the same clause', () => {
    const point = 'The crew ate no fresh meat during the crossing.';
    for (const answer of [
      "the crew didn't eat fresh meat during the crossing",
      'the crew did not eat any fresh meat during the crossing',
    ]) {
      expect(compare(point, answer), answer).toBeNull();
    }
    // A negation the point has nowhere is still one.
    expect(
      compare(
        'The crew ate fresh meat during the crossing.',
        "the crew didn't eat fresh meat during the crossing",
      ),
    ).toBe('negated');
  });

  test('a lone letter after a word names something, typed in either case', () => {
    const point = 'Rickets is caused by a lack of vitamin D in childhood.';
    expect(compare(point, 'rickets is caused by a lack of vitamin k in childhood')).toBe(
      'wrong_term',
    );
    expect(compare(point, 'rickets is caused by a lack of vitamin d in childhood')).toBeNull();
  });

  test('ordinals are numbers, in words or in digits', () => {
    const point = 'The printing guilds grew strong in the fourteenth and sixteenth centuries.';
    expect(
      compare(point, 'the printing guilds grew strong in the 14th and 16th centuries'),
    ).toBeNull();
    expect(compare(point, 'the printing guilds grew strong in the 12th and 16th centuries')).toBe(
      'wrong_term',
    );
    const [judgement] = judgeAnswer({
      points: readPoints([point]),
      latest: 'printing guilds grew strong in the 14th and 16th centuries',
    });
    expect(judgement!.recalled).toBe(true);
  });

  test('a compound split or joined is the same word ("snow fall" for "snowfall")', () => {
    const recalls = (point: string, latest: string) =>
      judgeAnswer({ points: readPoints([point]), latest })[0]!.recalled;
    expect(
      recalls(
        'Heavy snowfall blocks the mountain passes in winter.',
        'heavy snow fall blocks the mountain passes in winter',
      ),
    ).toBe(true);
    expect(
      recalls(
        'Heavy snow fall blocks the mountain passes in winter.',
        'heavy snowfall blocks the mountain passes in winter',
      ),
    ).toBe(true);
    // Two words that happen to meet are no compound of a point word.
    expect(
      recalls(
        'Heavy snowfall blocks the mountain passes in winter.',
        'heavy rain blocks the mountain passes in winter',
      ),
    ).toBe(false);
  });

  test('the kind of thing a name is given for need not be said ("a gland called the thyroid")', () => {
    const point = 'Iodine is needed by a gland called the thyroid to make its hormones.';
    const terms = readPoints([point]).weighted[0]!.map((term) => term.word);
    expect(terms).not.toContain('gland');
    expect(terms).not.toContain('called');
    expect(terms).toContain('thyroid');
    // "is called" gives the name itself: nothing is dropped before it.
    const named = readPoints(['Molten rock that reaches the surface is called lava.']).weighted[0]!;
    expect(named.map((term) => term.word)).toContain('surface');
  });

  test('a relation the point denies is negated when the answer states it', () => {
    const point = 'The treaty put the council under the law, not above it.';
    expect(compare(point, 'the treaty put the council above the law')).toBe('negated');
    expect(compare(point, 'the treaty put the council under the law and not above it')).toBeNull();
    // A word the point also uses without the negation is no denied relation.
    expect(
      compare(
        'Roots take water in below ground, not above it and not below the rock.',
        'roots take water in below ground',
      ),
    ).toBeNull();
  });

  test('two letters typed the wrong way round are one slip', () => {
    const [judgement] = judgeAnswer({
      points: readPoints(['A thermometer measures the temperature of the patient.']),
      latest: 'a thermometer measures the temperture of the pateint',
    });
    expect(judgement!.recalled).toBe(true);
    expect(judgement!.contradiction).toBeNull();
  });
});
