// The offline judge's precision rules on new topics: short answers, negated opposites, "failing"
// and "without", spellings, definitions that deny a word. Every test here uses the WordNet table.
// Everyday wording and words by another form: offline-wording.test.ts.
import { describe, expect, test } from 'vitest';
import { judgeAnswer, readPoints } from '../../src/llm/offline/lexical-judge';
import { wordsMatch } from '../../src/llm/offline/word-match';
import { compare, compareInOtherWords, useWordNetTable, word } from './offline-judge-harness';

useWordNetTable();

describe('offline judge: precision on new topics', () => {
  test('a short answer naming only the subject is not credited in other words', () => {
    // Both points are about attackers, accounts and passwords: a long answer may stand on that
    // ground, a four-word one says only what the point is about.
    const points = [
      'Two-factor authentication protects an account even if an attacker steals the password.',
      'A password manager stops an attacker who steals one account password from opening every account.',
    ];
    const judge = (latest: string) => judgeAnswer({ points: readPoints(points), latest })[0]!;
    expect(judge('two factor authentication helps').recalled).toBe(false);
    expect(
      judge(
        'two factor authentication protects your account even if an attacker steals the password',
      ).recalled,
    ).toBe(true);
  });

  test('"not much" says "little": a negated opposite of a point word is that word', () => {
    const point = 'Spreading money over many companies means one failure does little damage.';
    expect(
      compare(
        point,
        "spreading money over many companies means one failure doesn't do much damage",
      ),
    ).toBeNull();
    expect(
      compare(point, 'spreading money over many companies means one failure does much damage'),
    ).toBe('wrong_term');
    expect(
      compare(
        point,
        'spreading money over many companies means one failure does not do little damage',
      ),
    ).toBe('negated');
  });

  test('"failing" negates only as "fails to"; "without" only its own noun phrase', () => {
    const point = 'One company failing does little damage to a spread portfolio.';
    expect(
      compare(point, 'one company failing does little damage to a spread portfolio'),
    ).toBeNull();
    expect(
      compare(
        'The kidneys filter urea out of the blood.',
        'the kidneys fail to filter urea out of the blood',
      ),
    ).toBe('negated');
    const bell = 'If the bell rings without food, the learned response slowly fades.';
    expect(
      compare(bell, 'if the bell rings without food the learned response slowly fades'),
    ).toBeNull();
  });

  test('British and American spellings are one word; everyday verbs stand for their kin', () => {
    expect(wordsMatch(word('sulphur'), word('sulfur'))).toBe(true);
    expect(wordsMatch(word('colour'), word('color'))).toBe(true);
    const point = 'The Mali Empire grew rich because its mines delivered gold.';
    expect(compare(point, 'the mali empire became rich because its mines gave gold')).toBeNull();
    expect(
      compare(
        'Greek poetry was sung beyond the city walls.',
        'greek poems were sung past the city walls',
      ),
    ).toBeNull();
  });

  test('a definition that denies a word ("dim": not bright) never says it; a point word negated stays negated', () => {
    expect(
      compareInOtherWords(
        'Cats see well in bright light and hunt at dawn.',
        'cats see well in dim light and hunt at dawn',
      ),
    ).toBe('wrong_term');
    expect(
      compare(
        'The skin controls what enters and leaves the body.',
        'the skin does not control what enters the body',
      ),
    ).toBe('negated');
  });
});
