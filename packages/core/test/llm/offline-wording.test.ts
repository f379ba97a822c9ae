// How the offline judge reads everyday wording of a point's own words (clipped words, compounds
// split around a little word, degrees and "-en" verbs of one adjective, adjectives of one
// cluster, phrasal verbs, "could of", role words gained by rewording…) and the precision rules
// that came with them. Each rule is checked both ways: the wording is read as the point's, and
// a wrong word in its place still is not. Every test here uses the WordNet table.
// The precision rules on new topics: offline-wording-precision.test.ts.
import { describe, expect, test } from 'vitest';
import { readSentence } from '../../src/llm/offline/sentence-structure';
import { saysInOtherWords } from '../../src/llm/offline/paraphrase-cover';
import { tableKey, wordsMatch } from '../../src/llm/offline/word-match';
import {
  compare,
  compareInOtherWords,
  judge,
  useWordNetTable,
  word,
} from './offline-judge-harness';

useWordNetTable();

describe('offline judge: everyday wording', () => {
  test('clipped words stand for the whole word ("uni", "tech", "info")', () => {
    const point = 'Maria studied technology at university and now works in information security.';
    expect(judge(point, 'maria studied tech at uni and now works in info security').recalled).toBe(
      true,
    );
    // A clipping names its own word only.
    expect(judge(point, 'maria studied bio at uni and now works in info security').recalled).toBe(
      false,
    );
  });

  test('a compound may be split after a little word ("off beats" for "offbeats")', () => {
    const point = 'Reggae drummers stress the offbeats of every bar.';
    expect(judge(point, 'reggae drummers stress the off beats of every bar').recalled).toBe(true);
    expect(judge(point, 'reggae drummers stress the off beat of every bar').recalled).toBe(true);
  });

  test('the degrees and the "-en" verb of an adjective are forms of it', () => {
    expect(wordsMatch(word('stronger'), word('strengthens'))).toBe(true);
    expect(wordsMatch(word('earliest'), word('early'))).toBe(true);
    expect(wordsMatch(word('bigger'), word('big'))).toBe(true);
    expect(wordsMatch(word('weakened'), word('weak'))).toBe(true);
    // A noun of its own is no degree ("layer" / "lay"), nor a noun in "-en" a verb ("garden").
    expect(wordsMatch(word('layer'), word('lay'))).toBe(false);
    expect(wordsMatch(word('garden'), word('guard'))).toBe(false);
    const point = 'Regular exercise strengthens the heart muscle over the earliest months.';
    expect(
      judge(point, 'regular exercise makes the heart muscle stronger over the early months')
        .recalled,
    ).toBe(true);
    expect(
      compare(point, 'regular exercise makes the heart muscle weaker over the early months'),
    ).toBe('wrong_term');
  });

  test('adjectives of one cluster are no wrong term; one of another cluster is', () => {
    const point = 'A huge wave crashed over the harbour wall during the storm.';
    expect(
      compare(point, 'a massive wave crashed over the harbour wall during the storm'),
    ).toBeNull();
    // One head word is not enough: "icy" and "far" are both kin of "cold", in senses far apart.
    const [icy, far] = ['icy', 'far'].map((text) => readSentence(text)[0]!);
    expect(saysInOtherWords(icy!, far!)).toBe(false);
    expect(compare(point, 'a tiny wave crashed over the harbour wall during the storm')).toBe(
      'wrong_term',
    );
  });

  test('a phrasal verb that says the point word is no wrong term ("come up" for "surface")', () => {
    const point = 'Whales surface regularly to breathe air through a blowhole.';
    expect(compare(point, 'whales come up regularly to breathe air through a blowhole')).toBeNull();
    expect(compare(point, 'whales dive regularly to breathe air through a blowhole')).toBe(
      'wrong_term',
    );
  });

  test('"could have" (or "could of") before a past form and "by" is active, not a passive', () => {
    const point = 'The opportunity cost includes the salary you could have earned working instead.';
    for (const answer of [
      'the opportunity cost includes the salary you could have earned by working instead',
      'the opportunity cost includes the salary you could of earned by working instead',
    ]) {
      expect(compare(point, answer), answer).toBeNull();
    }
    // A real passive with an agent still lines up with its active sentence.
    expect(compare('Salaries are earned by workers.', 'workers earn salaries')).toBeNull();
  });

  test('a role word gained by rewording is no move of roles; a comparison turned round is', () => {
    expect(
      compare(
        'The festival takes its name from Nils, a twelfth-century Swedish monk.',
        'the festival is named after nils, a swedish monk from the twelfth century',
      ),
    ).toBeNull();
    expect(
      compare(
        'Frequent small meals are healthier than one large feast.',
        'one large feast is healthier than frequent small meals',
      ),
    ).toBe('swapped');
  });

  test('two words of one point are never slips for each other', () => {
    const point = 'Stalactites hang from the ceiling, while stalagmites rise from the floor.';
    expect(
      compare(point, 'stalagmites hang from the ceiling while stalactites rise from the floor'),
    ).toBe('swapped');
    expect(
      compare(point, 'stalactites hang from the ceiling while stalagmites rise from the floor'),
    ).toBeNull();
    // Still a slip where the point has only one of them.
    expect(
      judge('Stalactites hang from cave ceilings.', 'stalagtites hang from cave ceilings').recalled,
    ).toBe(true);
  });

  test('a near miss says part of the point in its order; the same words shuffled are none', () => {
    const point =
      'Submarines dive by flooding their tanks with seawater and rise by blowing it out with compressed air.';
    const other = 'Periscopes let the crew see above the waves while submerged.';
    const partial = judge(point, 'submarines dive by flooding their tanks with seawater', [other]);
    expect(partial.recalled).toBe(false);
    expect(partial.nearMiss).toBe(true);
    const shuffled = judge(point, 'submarines dive by blowing compressed air into their tanks', [
      other,
    ]);
    expect(shuffled.recalled).toBe(false);
    expect(shuffled.nearMiss).toBe(false);
  });
});

describe('offline judge: words by another form, and answers in other words', () => {
  test('a phrasal verb is found whatever its ending ("gives off" is "give off")', () => {
    const point = 'Burning wood releases smoke and heat.';
    expect(judge(point, 'burning wood gives off smoke and heat').recalled).toBe(true);
    expect(judge(point, 'burning wood soaks up smoke and heat').recalled).toBe(false);
  });

  test('British spellings and superlatives are looked up by the word the table has', () => {
    expect(tableKey('fibre')).toBe(tableKey('fiber'));
    expect(tableKey('harbour')).toBe(tableKey('harbor'));
    expect(tableKey('anaemia')).toBe(tableKey('anemia'));
    expect(tableKey('largest')).toBe(tableKey('large'));
    // A word the table has is its own key.
    expect(tableKey('forest')).not.toBe(tableKey('for'));
  });

  test('in other words, a word defined by the point word says it; a word in its definition does not', () => {
    const squash = readSentence('squashed')[0]!;
    const compression = readSentence('compression')[0]!;
    expect(saysInOtherWords(compression, squash)).toBe(true);
    const oxygen = readSentence('oxygen')[0]!;
    const dioxide = readSentence('dioxide')[0]!;
    expect(saysInOtherWords(dioxide, oxygen)).toBe(false);
  });

  test('in other words, a shared modifier with a head of its own renames one thing', () => {
    expect(
      compareInOtherWords(
        'The light-dependent reactions produce ATP and NADPH.',
        'the light stage makes the two energy carriers, ATP and NADPH',
      ),
    ).toBeNull();
    // A word after "of" is no head of the same compound: another material is a wrong term.
    expect(
      compareInOtherWords(
        'Bands of copper hold the roof tiles together.',
        'bands of rubber hold the roof tiles together',
      ),
    ).toBe('wrong_term');
  });

  test('a generic word used as a noun ("strips of lead") is replaced by a wrong one', () => {
    const point = 'Old church windows are held together by strips of lead.';
    expect(compare(point, 'old church windows are held together by strips of wood')).toBe(
      'wrong_term',
    );
    expect(compare(point, 'old church windows are held together by lead strips')).toBeNull();
  });

  test('a verb is no kind of person because its agent noun is one ("killed" / "people")', () => {
    const [killed, people, mortals] = ['killed', 'people', 'mortals'].map(
      (text) => readSentence(text)[0]!,
    );
    expect(saysInOtherWords(killed!, people!)).toBe(false);
    // Nouns for people still say "people".
    expect(saysInOtherWords(people!, mortals!)).toBe(true);
  });

  test('a comparison stated the other way round says the same; one turned only halfway does not', () => {
    const point = 'Blue stars are hotter than red stars.';
    expect(compare(point, 'red stars are cooler than blue stars')).toBeNull();
    expect(compare(point, 'red stars are hotter than blue stars')).toBe('swapped');
    expect(compare(point, 'blue stars are cooler than red stars')).toBe('wrong_term');
    const graded = 'Ice is less dense than liquid water.';
    expect(compare(graded, 'liquid water is more dense than ice')).toBeNull();
    expect(compare(graded, 'liquid water is less dense than ice')).toBe('swapped');
    // "not more" reads as "less": the sides traded with the comparison kept.
    expect(compare(graded, 'liquid water is not more dense than ice')).toBe('swapped');
  });

  test('two parts of a point that trade words with each other are a swap; reordered parts are not', () => {
    const point =
      'A magnet has a north pole that points to the Arctic and a south pole that points to the Antarctic.';
    expect(
      compare(
        point,
        'a magnet has a north pole pointing to the antarctic and a south pole pointing to the arctic',
      ),
    ).toBe('swapped');
    expect(
      compare(
        point,
        'a magnet has a south pole pointing to the antarctic and a north pole pointing to the arctic',
      ),
    ).toBeNull();
    // The items of a list trade places freely.
    const heat = 'Dark roads and roofs absorb sunlight by day and release the heat at night.';
    expect(
      compare(heat, 'dark roofs and roads absorb sunlight by day and release the heat at night'),
    ).toBeNull();
  });

  test('in other words, "more" for "less" is always a wrong term', () => {
    const point = 'On high mountains the air is thinner, so each breath holds less oxygen.';
    expect(
      compareInOtherWords(
        point,
        'on high mountains there is thinner air so each breath holds more oxygen',
      ),
    ).toBe('wrong_term');
  });
});
