import { describe, expect, test } from 'vitest';
import { defineRecallSet } from '../engine/define-recall-set';
import type { TutorNotes } from '../prompts/tutor-notes';
import { askedPointOf } from './asked-point';

const recallSet = defineRecallSet(
  {
    id: 'set',
    name: 'Cell energy',
    points: [
      { id: 'p1', content: 'ATP synthase makes ATP from ADP and phosphate', context: 'An enzyme.' },
      {
        id: 'p2',
        content: 'Glycolysis splits glucose into pyruvate',
        context: 'In the cytoplasm.',
      },
      { id: 'p3', content: 'The Krebs cycle releases carbon dioxide', context: 'In the matrix.' },
    ],
  },
  { now: 0 },
);

const notes: TutorNotes = {
  task: 'reply',
  focus: { label: 'P1', failedAttempts: 0, nearMisses: 0 },
  afterFocus: { kind: 'next', label: 'P2' },
  unchecked: ['P2', 'P3'],
  recalled: [],
  observations: [],
};

const asked = (reply: string, overrides: Partial<TutorNotes> = {}) =>
  askedPointOf({ reply, recallSet, notes: { ...notes, ...overrides } });

describe('askedPointOf: which point a tutor reply asked about', () => {
  test('the pending point its question names most', () => {
    expect(asked('Which enzyme works on ADP?')).toBe('p1');
    expect(asked('Right. What does glycolysis do?')).toBe('p2');
    // A bridge in an earlier sentence does not count: the question is the last one.
    expect(asked('Glycolysis came up. What does the Krebs cycle give off?')).toBe('p3');
    // A cloze asks about the point it blanks.
    expect(asked('___ splits glucose into pyruvate.')).toBe('p2');
  });

  test('no specific term: the covered branch after an acknowledgement, else unknown', () => {
    expect(asked('Right. And the next one?')).toBe('p2');
    expect(asked('Can you say more?')).toBeUndefined();
  });

  test('nothing asked, or nothing left to ask about', () => {
    expect(asked('Right.')).toBeUndefined();
    expect(asked('What does glycolysis do?', { focus: null, afterFocus: null })).toBeUndefined();
  });
});
