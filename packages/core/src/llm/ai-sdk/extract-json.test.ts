import { describe, expect, test } from 'vitest';
import { extractJson } from './extract-json';

describe('extractJson', () => {
  test.each([
    ['plain JSON', '{"a":1}', { a: 1 }],
    ['surrounding whitespace', '\n  {"a":1}\n', { a: 1 }],
    ['a fenced json block', 'Here:\n```json\n{"a": [1, 2]}\n```\nDone.', { a: [1, 2] }],
    ['an unlabelled fence', '```\n{"a":true}\n```', { a: true }],
    ['prose around an object', 'Sure! {"a": "x"} Hope that helps.', { a: 'x' }],
    [
      'braces inside strings',
      'Result: {"a": "} not the end {", "b": 2} ok',
      { a: '} not the end {', b: 2 },
    ],
    ['escaped quotes', 'x {"a": "say \\"hi\\" {"} y', { a: 'say "hi" {' }],
    ['an array', 'ids: ["p1", "p2"]', ['p1', 'p2']],
  ])('finds %s', (_, text, expected) => {
    expect(extractJson(text)).toEqual({ value: expected });
  });

  test.each([
    ['prose only', 'The learner recalled the first point.'],
    ['a truncated object', '{"a": [1, 2'],
    ['mismatched brackets', 'x {"a": [1, 2}] y'],
    ['nothing', ''],
  ])('finds nothing in %s', (_, text) => {
    expect(extractJson(text)).toBeUndefined();
  });
});
