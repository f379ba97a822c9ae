import { hasNotation, parseNotation } from '@recall/core/voice';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';

describe('parseNotation', () => {
  test('plain text is one text segment', () => {
    expect(parseNotation('mycelium is a network of hyphae')).toEqual([
      { type: 'text', raw: 'mycelium is a network of hyphae' },
    ]);
    expect(parseNotation('')).toEqual([]);
  });

  test('inline and display maths', () => {
    expect(parseNotation('so $E = mc^2$ and $$\\int_0^1 x\\,dx$$ end')).toEqual([
      { type: 'text', raw: 'so ' },
      { type: 'math', display: false, source: 'E = mc^2', raw: '$E = mc^2$' },
      { type: 'text', raw: ' and ' },
      { type: 'math', display: true, source: '\\int_0^1 x\\,dx', raw: '$$\\int_0^1 x\\,dx$$' },
      { type: 'text', raw: ' end' },
    ]);
  });

  test('block forms win over inline forms', () => {
    const segments = parseNotation('```ts\nconst a = `x`;\n```');
    expect(segments).toEqual([
      {
        type: 'code',
        block: true,
        language: 'ts',
        code: 'const a = `x`;',
        raw: '```ts\nconst a = `x`;\n```',
      },
    ]);
    expect(parseNotation('$$a$$')[0]).toMatchObject({ type: 'math', display: true, source: 'a' });
  });

  test('inline code keeps dollars literal', () => {
    expect(parseNotation('run `echo $HOME$` now')).toEqual([
      { type: 'text', raw: 'run ' },
      { type: 'code', block: false, code: 'echo $HOME$', raw: '`echo $HOME$`' },
      { type: 'text', raw: ' now' },
    ]);
  });

  test('prices, escaped and unmatched dollars stay text', () => {
    for (const text of [
      'it costs $5 and $10',
      'a lone $ sign',
      'escaped \\$x\\$ dollars',
      '$ spaced $',
      'an unmatched `backtick',
      'it`s\nnot`code',
    ]) {
      expect(parseNotation(text)).toEqual([{ type: 'text', raw: text }]);
      expect(hasNotation(text)).toBe(false);
    }
  });

  test('hasNotation detects maths and code', () => {
    expect(hasNotation('the value $x^2$')).toBe(true);
    expect(hasNotation('call `map`')).toBe(true);
    expect(hasNotation('nothing here')).toBe(false);
  });

  test('joining raw gives back any input exactly', () => {
    const alphabet = fc.constantFrom('a', ' ', '$', '`', '\\', '\n', 'x', '1', '^');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 60 }), (text) => {
        const segments = parseNotation(text);
        expect(segments.map((segment) => segment.raw).join('')).toBe(text);
        expect(segments.every((segment) => segment.raw !== '')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
