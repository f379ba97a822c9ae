import type { LabelledTopic } from './labelled-case';

export const INFLATION: LabelledTopic = {
  name: 'Inflation',
  points: [
    {
      id: 'f1',
      content: 'Inflation is a general rise in prices over time.',
      context: 'Measured with a basket of goods.',
    },
    {
      id: 'f2',
      content: 'Central banks raise interest rates to slow inflation.',
      context: 'Borrowing becomes more expensive.',
    },
    {
      id: 'f3',
      content: 'When inflation is high, money loses purchasing power.',
      context: 'The same note buys less bread.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'f2',
      message: 'Central banks raise interest rates to slow inflation.',
    },
    {
      category: 'verbatim',
      pointId: 'f1',
      message: 'inflation is a general rise in prices over time',
    },
    {
      category: 'paraphrase',
      pointId: 'f2',
      message: 'To slow inflation, central banks raise interest rates.',
    },
    {
      category: 'paraphrase',
      pointId: 'f3',
      message: 'Money loses purchasing power when inflation is high.',
    },
    {
      category: 'paraphrase',
      pointId: 'f1',
      message: 'Inflation means prices rise in general over time.',
    },
    { category: 'partial', pointId: 'f2', message: 'Banks change interest rates.' },
    { category: 'partial', pointId: 'f3', message: 'money is worth something' },
    {
      category: 'negated',
      pointId: 'f2',
      message: "Central banks don't raise interest rates to slow inflation.",
    },
    {
      category: 'negated',
      pointId: 'f3',
      message: 'When inflation is high, money does not lose purchasing power.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'f2',
      message: 'Central banks lower interest rates to slow inflation.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'f3',
      message: 'When inflation is high, money gains purchasing power.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'f1',
      message: 'Inflation is a general fall in prices over time.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'f3',
      message: 'When inflation is low, money loses purchasing power.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'f2',
      message: 'Central banks raise interest rates to speed up inflation.',
    },
    {
      category: 'paraphrase',
      pointId: 'f3',
      message: 'High inflation makes money lose purchasing power.',
    },
    { category: 'off_topic', pointId: null, message: 'What is your favourite film?' },
  ],
};
