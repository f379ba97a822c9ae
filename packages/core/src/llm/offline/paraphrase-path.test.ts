import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keyTerms } from '../../text/lexical';
import { judgeAnswer, readPoints } from './lexical-judge';
import { coverTerms } from './paraphrase-cover';
import { readSentence } from './sentence-structure';
import { useWordTable } from './word-match';
import { loadWordTable } from './wordnet/load-word-table';

// How a paraphrase is scored and when the score is a recall: paraphrase-score.test.ts.

const BEES = [
  'Bees collect nectar from flowers to make honey.',
  'A queen bee lays all the eggs of the hive.',
  'Worker bees build the comb from wax.',
];

function judge(contents: readonly string[], latest: string) {
  return judgeAnswer({ points: readPoints(contents), latest });
}

function covers(content: string, answer: string): Record<string, number> {
  const result = coverTerms({
    terms: keyTerms(content),
    content: readSentence(content),
    answer: readSentence(answer),
  });
  return Object.fromEntries(result.map((cover) => [cover.term.word, cover.strength]));
}

describe('with the WordNet table', () => {
  beforeAll(async () => {
    useWordTable(await loadWordTable());
  });
  afterAll(() => useWordTable(null));

  test('a term is covered by words of its definition ("sweet liquid" for "nectar")', () => {
    const strength = covers('Bees collect nectar.', 'bees collect the sweet liquid');
    expect(strength.nectar).toBeGreaterThan(0.5);
    expect(strength.nectar).toBeLessThan(1);
  });

  test('a phrase of the point is covered as a whole by one word ("colon")', () => {
    const strength = covers('The large intestine absorbs water.', 'the colon absorbs water');
    expect(strength.large).toBeGreaterThan(0);
    expect(strength.intestine).toBeGreaterThan(0);
  });

  test('a phrase of the answer covers a word of the point ("soaks up" for "absorbs")', () => {
    expect(covers('Sponges absorb water.', 'sponges soak up water').absorb).toBeGreaterThan(0);
  });

  test('a phrase of the answer whose definition names the term covers it ("break out")', () => {
    expect(covers('Fires start suddenly.', 'fires break out suddenly').start).toBe(0.7);
  });

  test("a pronoun stands in for the point's subject, its first term, and nothing else", () => {
    const strength = covers('Volcanoes erupt near plate boundaries.', 'they erupt near edges');
    expect(strength.volcanoes).toBe(0.5);
    expect(strength.plate).toBe(0);
  });

  test('a causal connective covers a causal verb ("because" for "caused")', () => {
    expect(covers('Tides are caused by the Moon.', 'tides rise because of the moon').caused).toBe(
      0.8,
    );
  });

  test('a verb of the same kind is no wrong term ("converts" for "translates")', () => {
    const network = [
      'DNS translates domain names into IP addresses.',
      'A router forwards packets between networks.',
    ];
    expect(judge(network, 'DNS converts domain names into IP addresses')[0]!.recalled).toBe(true);
    // Antonyms stay wrong terms even though they are verbs of one kind.
    const heat = ['The Sun heats the oceans.', 'Clouds form from water vapour.'];
    expect(judge(heat, 'The Sun cools the oceans')[0]!.recalled).toBe(false);
  });

  test('one word, one meaning: a word that is one of the point terms covers no other', () => {
    // "blood" is in the definition of "red", but it already stands for "blood".
    expect(covers('Red blood cells carry oxygen.', 'white blood cells carry oxygen').red).toBe(0);
  });

  test('a paraphrase sharing few words is recalled', () => {
    const [nectar, queen, comb] = judge(
      BEES,
      'bees gather the sweet liquid from blossoms to produce honey',
    );
    expect(nectar!.recalled).toBe(true);
    expect(nectar!.evidence).toContain('sweet liquid');
    expect(queen!.recalled).toBe(false);
    expect(comb!.recalled).toBe(false);
  });

  test("a word the table does not link, in place of a term, among the point's own words, earns no credit", () => {
    // "middle shell" for "mantle" reads, word for word, like "oxygen" for "carbon dioxide":
    // the offline judge cannot tell a description from a wrong term, so it gives no credit.
    const earth = [
      'The mantle is a thick layer of hot rock that moves slowly beneath the crust.',
      'The core of the Earth is mostly iron and nickel.',
    ];
    const answer =
      "The Earth's middle shell is a thick layer of hot rock that slowly creeps beneath the crust.";
    const [mantle, core] = judge(earth, answer);
    expect(mantle!.recalled).toBe(false);
    expect(core!.recalled).toBe(false);
  });

  test('a negated paraphrase is not recalled and is no near miss', () => {
    const [nectar] = judge(BEES, 'bees do not gather the sweet liquid from blossoms for honey');
    expect(nectar!.recalled).toBe(false);
    expect(nectar!.nearMiss).toBe(false);
  });

  test('a related but wrong word in one slot is a wrong term, not a paraphrase', () => {
    expect(judge(BEES, 'bees collect pollen from flowers to make honey')[0]!.recalled).toBe(false);
    const blood = [
      'Red blood cells carry oxygen using haemoglobin.',
      'Platelets help the blood to clot.',
    ];
    const [red] = judge(blood, 'White blood cells carry oxygen using haemoglobin.');
    expect(red!.recalled).toBe(false);
    expect(red!.contradiction).toBe('wrong_term');
  });

  test("an answer that keeps most of the point's own words leaves none of its other terms uncovered", () => {
    // Without the rule, "oxygen" covers "gas" as a narrower term and the path credits both.
    const drinks = [
      'Fizzy drinks go flat when their carbon dioxide gas escapes into the air.',
      'Yeast needs warmth and sugar to grow.',
    ];
    expect(
      judge(drinks, 'fizzy drinks go flat when their oxygen escapes into the air')[0]!.recalled,
    ).toBe(false);
    const soda = ['Baking soda releases carbon dioxide gas when it meets an acid.', drinks[1]!];
    expect(judge(soda, 'baking soda releases oxygen when it meets an acid')[0]!.recalled).toBe(
      false,
    );
  });

  test('a short word does not also stand for a longer term it begins ("ground"/"groundwater")', () => {
    const water = [
      'Rain that soaks into the ground becomes groundwater stored in aquifers.',
      'Water vapour cools and condenses into clouds.',
    ];
    const [rain] = judge(
      water,
      'Rain that soaks into the ground becomes clouds stored in aquifers.',
    );
    expect(rain!.recalled).toBe(false);
  });
});

describe('without the table (browsers where it is absent)', () => {
  test('the same paraphrase is not recalled, the built-in lists still judge', () => {
    useWordTable(null);
    const [nectar] = judge(BEES, 'bees gather the sweet liquid from blossoms to produce honey');
    expect(nectar!.recalled).toBe(false);
    expect(judge(BEES, 'Bees collect nectar from flowers to make honey')[0]!.recalled).toBe(true);
    expect(covers('Bees collect nectar.', 'bees collect the sweet liquid').nectar).toBe(0);
  });
});

describe('word rules that need no table', () => {
  test('"C++" is a word of its own: "C" is another language', () => {
    const languages = [
      'C++ lets programmers manage memory by hand.',
      'Python manages memory with a garbage collector.',
    ];
    expect(judge(languages, 'C lets programmers manage memory by hand')[0]!.recalled).toBe(false);
    expect(judge(languages, 'C++ lets programmers manage memory by hand')[0]!.recalled).toBe(true);
  });

  test('a singular in "-us" matches its plural ("virus" / "viruses")', () => {
    const [point] = judge(
      ['Antibiotics kill bacteria but do not work against viruses.'],
      'antibiotics kill bacteria but do not work against a virus',
    );
    expect(point!.recalled).toBe(true);
  });
});
