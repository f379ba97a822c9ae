import { describe, expect, it } from 'vitest';
import { exposure, isEcho, shownKeyTerms } from './exposure';
import { keyTerms } from './lexical';
import { isLearnerQuestion } from './question';

describe('keyTerms', () => {
  it('keeps symbol-bearing terms whole', () => {
    const stems = (text: string) => keyTerms(text).map((term) => term.stem);
    expect(stems('Programmers prefer C++ over C# and F#')).toEqual(
      expect.arrayContaining(['c++', 'c#', 'f#', 'program', 'pref']),
    );
    expect(stems('Na+ ions and Ca2+ flow at 37 °C')).toEqual(
      expect.arrayContaining(['na+', 'ca2+', '°c', 'ion', 'flow', '37']),
    );
    expect(stems('CO₂ is released')).toContain('co2');
    expect(stems('C++')).not.toContain('c');
  });

  it('answers a repeated text alike, with an array of its own each time', () => {
    const text = 'Mitochondria make ATP from glucose';
    const first = keyTerms(text);
    first.push({ word: 'extra', stem: 'extra' });
    const second = keyTerms(text);
    expect(second.map((term) => term.stem)).toEqual(['mitochondria', 'make', 'atp', 'glucos']);
    expect(second).not.toBe(keyTerms(text));
    expect(Object.isFrozen(second[0])).toBe(true);
  });

  it('still answers texts it has forgotten (more texts than it keeps)', () => {
    const stemsOf = (index: number) => keyTerms(`Enzyme number ${index} splits sucrose`);
    const before = stemsOf(0).map((term) => term.stem);
    for (let index = 1; index <= 2_000; index += 1) stemsOf(index);
    expect(stemsOf(0).map((term) => term.stem)).toEqual(before);
    expect(before).toEqual(['enzym', 'numb', '0', 'split', 'sucros']);
  });
});

describe('exposure', () => {
  const point = 'Lava is magma that reaches the surface';
  it('is the share of the point key terms that were shown', () => {
    expect(exposure(point, [])).toBe(0);
    expect(exposure(point, ['Magma that ___ the surface is called ___'])).toBeCloseTo(2 / 4);
    expect(exposure(point, ['Magma that reaches the surface is called lava'])).toBe(1);
    expect(shownKeyTerms(point, ['What is lava?']).map((term) => term.stem)).toEqual(['lava']);
  });
});

describe('isEcho', () => {
  const replies = ['Light reactions split water and release oxygen as a by-product.'];
  it('flags evidence that mostly repeats recent replies', () => {
    expect(isEcho('I think light reactions split water and release oxygen', replies)).toBe(true);
    expect(isEcho('chlorophyll absorbs red and blue light', replies)).toBe(false);
  });
  it("weighs only the point's key terms when the evidence holds two or more of them", () => {
    const leak = ['Magma that reaches the surface is called lava.'];
    const padded =
      'honestly from chemistry class yesterday afternoon magma reaching the surface is lava';
    expect(isEcho(padded, leak)).toBe(false);
    expect(isEcho(padded, leak, { pointText: 'Lava is magma that reaches the surface' })).toBe(
      true,
    );
    // One term of the point: the evidence is weighed whole.
    expect(
      isEcho('basalt lava flows', leak, { pointText: 'Lava is magma that reaches the surface' }),
    ).toBe(false);
  });
  it('reads only the last six replies', () => {
    const old = ['Light reactions split water and release oxygen.', 'a', 'b', 'c', 'd', 'e', 'f'];
    expect(isEcho('light reactions split water and release oxygen', old)).toBe(false);
  });
});

describe('isLearnerQuestion', () => {
  it.each([
    'Which hormone makes the collecting duct more permeable?',
    'which hormone makes the collecting duct more permeable',
    'is it the mitochondria',
    'does the duct absorb water',
  ])('%s is a question', (text) => expect(isLearnerQuestion(text)).toBe(true));
  it.each(['Oxygen is released as a by-product.', 'what happens is that glucose is split', 'ADH'])(
    '%s is not a question',
    (text) => expect(isLearnerQuestion(text)).toBe(false),
  );
});
