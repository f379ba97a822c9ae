import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  findUnstorableText,
  isBlankText,
  isStorableText,
  toStorableText,
  toStorableValue,
} from './storable-text';

describe('storable text', () => {
  test('NUL and unpaired surrogates are refused; pairs, emoji and ordinary text are not', () => {
    expect(findUnstorableText('ATP synthase')).toBeNull();
    expect(findUnstorableText('🧬 DNA 𝛼')).toBeNull();
    expect(findUnstorableText('a\u0000b')).toBe('nul');
    expect(findUnstorableText('\ud800')).toBe('unpaired-surrogate');
    expect(findUnstorableText('x\udc00y')).toBe('unpaired-surrogate');
    expect(findUnstorableText('\udc00\ud800')).toBe('unpaired-surrogate');
    expect(findUnstorableText('🧬'.slice(0, 1))).toBe('unpaired-surrogate');
    expect(isStorableText('ok')).toBe(true);
    expect(isStorableText('\u0000')).toBe(false);
  });

  test('cleaning drops NUL, replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(toStorableText('a\u0000b')).toBe('ab');
    expect(toStorableText('x\ud800y')).toBe('x\ufffdy');
    expect(toStorableText('🧬\udc00')).toBe('🧬\ufffd');
    const clean = 'already clean 🧬';
    expect(toStorableText(clean)).toBe(clean);
  });

  test('any string, once cleaned, is storable and well formed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const cleaned = toStorableText(text);
        expect(isStorableText(cleaned)).toBe(true);
        // Well formed: survives a UTF-8 round trip unchanged.
        expect(Buffer.from(cleaned, 'utf8').toString('utf8')).toBe(cleaned);
        if (isStorableText(text)) expect(cleaned).toBe(text);
      }),
    );
  });

  test('blank means nothing visible: whitespace, controls and invisible marks', () => {
    for (const blank of [
      '',
      '   ',
      '\n\t',
      '\u200b',
      '\ufeff',
      '\u2060\u00ad',
      ' \u200b \u200d ',
    ]) {
      expect(isBlankText(blank)).toBe(true);
    }
    for (const visible of ['a', ' x ', '\u200bhi', '🧬', '—']) {
      expect(isBlankText(visible)).toBe(false);
    }
  });

  test('values are cleaned deeply, copying only what changed', () => {
    const untouched = { a: 'fine', list: ['also fine'], nested: { n: 1 } };
    expect(toStorableValue(untouched)).toBe(untouched);
    const dirty = { a: 'fi\u0000ne', list: ['ok', 'b\ud800'], nested: { n: 1 }, keep: untouched };
    const cleaned = toStorableValue(dirty);
    expect(cleaned).toEqual({
      a: 'fine',
      list: ['ok', 'b\ufffd'],
      nested: { n: 1 },
      keep: untouched,
    });
    expect(cleaned.keep).toBe(untouched);
    expect(dirty.a).toBe('fi\u0000ne');
  });
});
