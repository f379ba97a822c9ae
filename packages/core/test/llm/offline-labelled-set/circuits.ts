import type { LabelledTopic } from './labelled-case';

export const CIRCUITS: LabelledTopic = {
  name: 'Electric circuits',
  points: [
    {
      id: 'c1',
      content: 'Electric current is the flow of charge through a conductor.',
      context: 'Measured in amperes.',
    },
    {
      id: 'c2',
      content: 'In a series circuit the same current flows through every component.',
      context: 'There is only one path for the charge to take.',
    },
    {
      id: 'c3',
      content: 'The resistance of a wire increases as it gets longer and thinner.',
      context: 'Think of a crowd squeezing through a long, narrow corridor.',
    },
    {
      id: 'c4',
      content: 'Voltage equals current multiplied by resistance.',
      context: "Ohm's law.",
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'c4',
      message: 'Voltage equals current multiplied by resistance.',
    },
    {
      category: 'verbatim',
      pointId: 'c2',
      message: 'in a series circuit the same current flows through every component',
    },
    {
      category: 'verbatim',
      pointId: 'c1',
      message: 'Electric current is the flow of charge through a conductor',
    },
    {
      category: 'paraphrase',
      pointId: 'c3',
      message: 'A longer and thinner wire has a higher resistance.',
    },
    {
      category: 'paraphrase',
      pointId: 'c2',
      message: 'Every component in a series circuit has the same current flowing through it.',
    },
    {
      category: 'paraphrase',
      pointId: 'c4',
      message: 'V = I × R: the voltage is the current multiplied by the resistance.',
    },
    {
      category: 'paraphrase',
      pointId: 'c1',
      message: 'Current is charge flowing through a conductor.',
    },
    { category: 'partial', pointId: 'c3', message: 'It depends on the wire.' },
    { category: 'partial', pointId: 'c4', message: 'voltage and current are related' },
    {
      category: 'negated',
      pointId: 'c2',
      message: 'In a series circuit the same current does not flow through every component.',
    },
    {
      category: 'negated',
      pointId: 'c3',
      message: "The resistance of a wire doesn't increase as it gets longer and thinner.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'c3',
      message: 'The resistance of a wire decreases as it gets longer and thinner.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'c3',
      message: 'The resistance of a wire increases as it gets shorter and thicker.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'c4',
      message: 'Voltage equals current divided by resistance.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'c2',
      message: 'In a parallel circuit the same current flows through every component.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'c1',
      message: 'Electric current is the flow of charge through an insulator.',
    },
    {
      category: 'paraphrase',
      pointId: 'c2',
      message: 'The current is the same through every component of a series circuit.',
    },
    { category: 'off_topic', pointId: null, message: 'Can you recommend a good book?' },
  ],
};
