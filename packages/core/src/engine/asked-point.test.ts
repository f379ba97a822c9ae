import { describe, expect, test } from 'vitest';
import { defineRecallSet } from '../engine/define-recall-set';
import type { TutorNotes } from '../prompts/tutor-notes';
import { askedPointOf, questionOfReply, reaskedPointOf } from './asked-point';

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

  test('a question that names nothing specific is read with the sentence before it', () => {
    expect(asked('Stay with glycolysis. Where does this happen?')).toBe('p2');
    // Its own specific terms win: the earlier sentence is then a bridge.
    expect(asked('Stay with glycolysis. What does the Krebs cycle give off?')).toBe('p3');
    expect(asked('Where does this happen?')).toBeUndefined();
  });

  test('nothing asked, or nothing left to ask about', () => {
    expect(asked('Right.')).toBeUndefined();
    expect(asked('What does glycolysis do?', { focus: null, afterFocus: null })).toBeUndefined();
  });
});

// P1 recalled; P2 the focus, P3 after it.
const afterP1: Partial<TutorNotes> = {
  focus: { label: 'P2', failedAttempts: 0, nearMisses: 0 },
  afterFocus: { kind: 'next', label: 'P3' },
  unchecked: ['P3'],
  recalled: ['P1'],
};

const reasked = (reply: string, overrides: Partial<TutorNotes> = afterP1) =>
  reaskedPointOf({ reply, recallSet, notes: { ...notes, ...overrides } });

describe('reaskedPointOf: which recalled point a tutor reply asked about again', () => {
  test('a question led by a recalled point is a re-ask of it', () => {
    expect(reasked('Go back for a moment: which enzyme makes ATP from ADP?')).toBe('p1');
    expect(reasked('___ synthase makes ATP from ADP and phosphate.')).toBe('p1');
    // Once every point is recalled there is no focus, and a question can still re-ask.
    expect(
      reasked('Which enzyme makes ATP?', {
        focus: null,
        afterFocus: null,
        unchecked: [],
        recalled: ['P1', 'P2', 'P3'],
      }),
    ).toBe('p1');
  });

  test('a question about a pending point, or none, re-asks nothing', () => {
    expect(reasked('What does glycolysis do?')).toBeUndefined();
    // The recalled point named in an earlier sentence is a bridge, not the question.
    expect(reasked('ATP synthase makes ATP, right. What does glycolysis split?')).toBeUndefined();
    expect(reasked('Can you say more?')).toBeUndefined();
    expect(reasked('Right.')).toBeUndefined();
  });

  test('a tie between a recalled and a pending point is no clear re-ask', () => {
    // "pyruvate" (P2) and "ADP" (P1): one specific term each.
    expect(reasked('How do pyruvate and ADP relate?')).toBeUndefined();
  });

  test('recalled as the request knew it: a point it listed as pending is asked, not re-asked', () => {
    const reply = 'Which enzyme makes ATP from ADP?';
    expect(reasked(reply, {})).toBeUndefined();
    expect(asked(reply)).toBe('p1');
  });

  test('questionOfReply records both, each field only when set', () => {
    const question = (reply: string) =>
      questionOfReply({ reply, recallSet, notes: { ...notes, ...afterP1 } });
    expect(question('What does glycolysis do?')).toEqual({ askedPointId: 'p2' });
    expect(question('Which enzyme makes ATP from ADP?')).toEqual({ reaskedPointId: 'p1' });
    expect(question('Right.')).toEqual({});
  });
});
