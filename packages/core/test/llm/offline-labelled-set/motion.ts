import type { LabelledTopic } from './labelled-case';

export const MOTION: LabelledTopic = {
  name: "Newton's laws of motion",
  points: [
    {
      id: 'n1',
      content: 'An object at rest stays at rest unless a net force acts on it.',
      context: 'The first law, also called the law of inertia.',
    },
    {
      id: 'n2',
      content: 'Acceleration equals net force divided by mass.',
      context: 'The second law, usually written the other way round.',
    },
    {
      id: 'n3',
      content: 'For every action there is an equal and opposite reaction.',
      context: 'The third law: a rocket pushing exhaust gas backwards.',
    },
    {
      id: 'n4',
      content: 'Without air resistance, heavy and light objects fall at the same rate.',
      context: 'Galileo, and a hammer and a feather dropped on the Moon.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'n3',
      message: 'For every action there is an equal and opposite reaction.',
    },
    {
      category: 'verbatim',
      pointId: 'n2',
      message: 'acceleration equals net force divided by mass',
    },
    {
      category: 'verbatim',
      pointId: 'n1',
      message: 'an object at rest stays at rest unless a net force acts on it',
    },
    {
      category: 'paraphrase',
      pointId: 'n4',
      message: 'With no air resistance, a heavy object and a light object fall at the same rate.',
    },
    {
      category: 'paraphrase',
      pointId: 'n3',
      message: 'Every action has an equal and opposite reaction.',
    },
    {
      category: 'paraphrase',
      pointId: 'n2',
      message: "It's a = F/m, so the acceleration is the net force divided by the mass.",
    },
    { category: 'partial', pointId: 'n2', message: "It's about force and mass." },
    { category: 'partial', pointId: 'n4', message: 'things fall at some rate' },
    {
      category: 'negated',
      pointId: 'n3',
      message: 'For every action there is not an equal and opposite reaction.',
    },
    {
      category: 'negated',
      pointId: 'n4',
      message: "Without air resistance, heavy and light objects don't fall at the same rate.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'n2',
      message: 'Acceleration equals mass divided by net force.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'n4',
      message: 'With air resistance, heavy and light objects fall at the same rate.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'n4',
      message: 'Without air resistance, heavy objects fall faster than light objects.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'n1',
      message: 'An object at rest starts moving unless a net force acts on it.',
    },
    {
      category: 'paraphrase',
      pointId: 'n1',
      message: 'Objects that are not moving keep still until a net force acts on them.',
    },
    {
      category: 'paraphrase',
      pointId: 'n4',
      message: 'In a vacuum, heavy and light objects fall at the same speed.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'n3',
      message: 'For every action there is an equal and identical reaction.',
    },
    { category: 'off_topic', pointId: null, message: "Let's talk about football instead." },
  ],
};
