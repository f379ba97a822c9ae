import { describe, expect, it } from 'vitest';
import { saysCannotRecall } from './turn-rules';

describe('saysCannotRecall', () => {
  it.each([
    "I don't remember.",
    "I can't recall that one.",
    'I cannot remember it',
    'I have forgotten it.',
    'Nothing comes to mind.',
    'No idea, sorry.',
    "I don't know",
    'dunno',
    'not sure',
    "I really can't say",
    'My mind is blank',
  ])('says cannot recall: %s', (message) => {
    expect(saysCannotRecall(message)).toBe(true);
  });

  it.each([
    'The light-dependent reactions happen in the thylakoid membranes.',
    "Photosystem II splits water, I think, but I'm not sure it releases oxygen.",
    'the mitochondria, not sure',
    'Water is split somewhere.',
    'Why do they happen in the thylakoid?',
    'I remember: ATP and NADPH.',
    '',
  ])('does not: %s', (message) => {
    expect(saysCannotRecall(message)).toBe(false);
  });
});
