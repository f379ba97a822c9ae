import { describe, expect, test } from 'vitest';
import { LABEL_MAX_CHARACTERS, LABEL_MAX_WORDS, shortLabel } from './rabbithole-topic';

describe('shortLabel', () => {
  test('keeps a readable label of up to six words whole', () => {
    expect(shortLabel('Leaves turning red and yellow')).toBe('Leaves turning red and yellow');
    expect(shortLabel('  Mitochondrial DNA  ')).toBe('Mitochondrial DNA');
  });

  test('cuts a longer one at a word boundary with nothing dangling', () => {
    expect(shortLabel('Leaves turning red and yellow in autumn')).toBe(
      'Leaves turning red and yellow',
    );
    expect(shortLabel('Why the sky is blue and the sunset red')).toBe('Why the sky is blue');
    expect(shortLabel('Volcanoes, geysers and hot springs of Iceland?')).toBe(
      'Volcanoes, geysers and hot springs',
    );
  });

  test('never exceeds the word and character caps', () => {
    for (const text of [
      'Electrochemical gradients across mitochondrial membranes everywhere',
      'Supercalifragilisticexpialidociouslyextraordinarilylongword',
      'one two three four five six seven eight',
    ]) {
      const label = shortLabel(text);
      expect(label.length).toBeGreaterThan(0);
      expect(label.length).toBeLessThanOrEqual(LABEL_MAX_CHARACTERS);
      expect(label.split(' ').length).toBeLessThanOrEqual(LABEL_MAX_WORDS);
    }
    // Cut at 40 characters, then no preposition left dangling.
    expect(shortLabel('Electrochemical gradients across mitochondrial membranes everywhere')).toBe(
      'Electrochemical gradients',
    );
    // Symbols that belong to a name stay.
    expect(shortLabel('Rust over C++?')).toBe('Rust over C++');
    expect(shortLabel('Why C# and')).toBe('Why C#');
  });
});
