import { describe, expect, test } from 'vitest';
import { judgeAnswer, readPoints } from './lexical-judge';
import { type ParaphraseScore, recallsInOtherWords, scoreParaphrases } from './paraphrase-path';
import { readSentence } from './sentence-structure';

// How a paraphrase is scored and when the score is a recall. Covering terms with and without
// the WordNet table: paraphrase-path.test.ts.

describe('scoreParaphrases', () => {
  const GLACIERS = [
    'Glaciers carve deep valleys into a U shape.',
    'Glaciers move slowly downhill under their own weight.',
    'Glaciers leave ridges of rock behind when they melt.',
  ];
  const scoreOf = (contents: readonly string[], answer: string, index = 0) =>
    scoreParaphrases(readPoints(contents), readSentence(answer))[index]!;

  test('what most points are about is given: an answer need not name it to reach the point', () => {
    const [carve] = readPoints(GLACIERS).weighted;
    expect(carve!.find((term) => term.word === 'glaciers')!.given).toBe(true);
    expect(carve!.find((term) => term.word === 'valleys')!.given).toBe(false);
    // An answer in other words that says enough stands on that ground: naming it or not
    // changes nothing of its reach.
    expect(scoreOf(GLACIERS, 'cut deep long troughs into a rounded u form').reach).toBe(
      scoreOf(GLACIERS, 'glaciers cut deep long troughs into a rounded u form').reach,
    );
    // A short one, or one that keeps the point's own words, must say it too; the latter is a
    // recall word for word all the same.
    expect(scoreOf(GLACIERS, 'cut troughs').reach).toBeLessThan(
      scoreOf(GLACIERS, 'glaciers cut troughs').reach,
    );
    expect(scoreOf(GLACIERS, 'carve deep valleys into a U shape').reach).toBeLessThan(1);
    expect(
      judgeAnswer({ points: readPoints(GLACIERS), latest: 'carve deep valleys into a U shape' })[0]!
        .recalled,
    ).toBe(true);
    // The given term still counts towards the covered weight, and a term only one point has
    // is never given.
    expect(scoreOf(GLACIERS, 'carve deep valleys into a U shape').coverage).toBeLessThan(1);
    const alone = ['Glaciers carve deep valleys.', 'Rivers carry sand to the sea.'];
    expect(readPoints(alone).weighted[0]!.every((term) => !term.given)).toBe(true);
    expect(scoreOf(alone, 'carve deep valleys').reach).toBeLessThan(1);
  });

  test("a point's own numbers and names are its identifiers, counted when the answer says them", () => {
    const points = [
      'Because scholars could read the Greek, they worked out the old symbols.',
      'In 1952 Michael Ventris announced that he had deciphered Linear B.',
    ];
    const identifiers = readPoints(points).weighted.map((terms) =>
      terms.filter((term) => term.identifier).map((term) => term.word),
    );
    // "Because" starts the sentence; "Greek" is a name, but one point alone has it.
    expect(identifiers[0]).toEqual(['greek']);
    expect(identifiers[1]).toEqual(['1952', 'michael', 'ventris', 'linear', 'b']);
    const answer = 'ventris figured out how to read the old writing in 1952';
    expect(scoreOf(points, answer).identifiers).toBe(0);
    expect(scoreParaphrases(readPoints(points), readSentence(answer))[1]!.identifiers).toBe(2);
  });

  test('reach is weighted: a generic word left out weighs a quarter of a specific one', () => {
    const points = ['Volcanoes often erupt near plate boundaries.', 'Lava cools into basalt.'];
    const [terms] = readPoints(points).weighted;
    const generic = terms!.filter((term) => term.generic);
    expect(generic.length).toBeGreaterThan(0);
    const withoutGeneric = terms!.filter((term) => !term.generic).map((term) => term.word);
    const { reach } = scoreOf(points, withoutGeneric.join(' '));
    expect(reach).toBeGreaterThan((terms!.length - generic.length) / terms!.length);
    expect(reach).toBeLessThan(1);
  });

  test('counts the terms said in other words: not own words, not a pronoun alone', () => {
    const points = ['Volcanoes erupt near plate boundaries.', 'Lava cools into basalt.'];
    expect(scoreOf(points, 'they erupt near plate boundaries').otherWords).toBe(0);
  });
});

describe('recallsInOtherWords', () => {
  const score = (
    coverage: number,
    reach = 1,
    distinctiveCoverage = 1,
    identifiers = 0,
  ): ParaphraseScore => ({
    coverage,
    reach,
    distinctiveCoverage,
    identifiers,
    ownWords: 0,
    otherWords: 1,
    full: false,
    covers: [],
  });
  const content = readSentence('Bees collect nectar.');

  test("never credits a point when the answer names only another point's number or name", () => {
    expect(recallsInOtherWords([score(0.7, 1, 1, 0), score(0.3, 1, 1, 1)], 0, content)).toBe(false);
    expect(recallsInOtherWords([score(0.7, 1, 1, 1), score(0.3, 1, 1, 1)], 0, content)).toBe(true);
    expect(recallsInOtherWords([score(0.7, 1, 1, 0), score(0.3, 1, 1, 0)], 0, content)).toBe(true);
  });

  test('needs the point to lead every other point by a margin', () => {
    expect(recallsInOtherWords([score(0.7), score(0.3)], 0, content)).toBe(true);
    expect(recallsInOtherWords([score(0.7), score(0.65)], 0, content)).toBe(false);
  });

  test('asks fewer terms covered of an answer that says at least as much as the point', () => {
    const long = { ...score(0.7, 0.55), full: true };
    expect(recallsInOtherWords([long, score(0.2)], 0, content)).toBe(true);
    expect(recallsInOtherWords([score(0.7, 0.55), score(0.2)], 0, content)).toBe(false);
  });

  test("an answer keeping more than half of the point's words must cover every other term", () => {
    const partly = { ...score(0.8, 0.8), ownWords: 0.5 };
    expect(recallsInOtherWords([partly, score(0.2)], 0, content)).toBe(true);
    expect(recallsInOtherWords([{ ...partly, ownWords: 0.6 }, score(0.2)], 0, content)).toBe(false);
    expect(recallsInOtherWords([{ ...score(0.8), ownWords: 0.6 }, score(0.2)], 0, content)).toBe(
      true,
    );
  });

  test("needs at least one term said in other words: the point's own words, fewer, are partial", () => {
    expect(recallsInOtherWords([score(0.7), score(0.2)], 0, content)).toBe(true);
    expect(recallsInOtherWords([{ ...score(0.7), otherWords: 0 }, score(0.2)], 0, content)).toBe(
      false,
    );
  });

  test('needs enough weight, enough of the terms and the distinctive terms covered', () => {
    expect(recallsInOtherWords([score(0.3)], 0, content)).toBe(false);
    expect(recallsInOtherWords([score(0.7, 0.5)], 0, content)).toBe(false);
    expect(recallsInOtherWords([score(0.7, 1, 0.1)], 0, content)).toBe(false);
  });
});
