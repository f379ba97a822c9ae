import type { LabelledTopic } from './labelled-case';

export const MARKET: LabelledTopic = {
  name: 'Supply and demand',
  points: [
    {
      id: 'e1',
      content: 'When the price of a good rises, the quantity demanded falls.',
      context: 'The law of demand, drawn as a downward-sloping curve.',
    },
    {
      id: 'e2',
      content: 'A shortage happens when demand is greater than supply at the current price.',
      context: 'Queues and empty shelves are the visible signs.',
    },
    {
      id: 'e3',
      content: 'In a competitive market the price settles where supply equals demand.',
      context: 'Where the two curves cross: the equilibrium.',
    },
    {
      id: 'e4',
      content: 'A price ceiling set below the equilibrium price causes a shortage.',
      context: 'Rent control is the textbook example.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'e1',
      message: 'When the price of a good rises, the quantity demanded falls.',
    },
    {
      category: 'verbatim',
      pointId: 'e4',
      message: 'a price ceiling set below the equilibrium price causes a shortage',
    },
    {
      category: 'verbatim',
      pointId: 'e3',
      message: 'In a competitive market, price settles where supply equals demand.',
    },
    {
      category: 'paraphrase',
      pointId: 'e2',
      message: 'There is a shortage when demand exceeds supply at the current price.',
    },
    {
      category: 'paraphrase',
      pointId: 'e3',
      message: 'The price in a competitive market settles at the point where demand equals supply.',
    },
    {
      category: 'paraphrase',
      pointId: 'e1',
      message: 'If a good gets more expensive, people buy less of it.',
    },
    { category: 'partial', pointId: 'e3', message: "There's an equilibrium somewhere." },
    { category: 'partial', pointId: 'e4', message: 'price ceilings cause problems' },
    {
      category: 'negated',
      pointId: 'e1',
      message: "When the price of a good rises, the quantity demanded doesn't fall.",
    },
    {
      category: 'negated',
      pointId: 'e4',
      message: 'A price ceiling set below the equilibrium price never causes a shortage.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'e1',
      message: 'When the price of a good rises, the quantity demanded rises too.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'e2',
      message: 'A shortage happens when supply is greater than demand at the current price.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'e4',
      message: 'A price ceiling set above the equilibrium price causes a shortage.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'e4',
      message: 'A price floor set below the equilibrium price causes a shortage.',
    },
    {
      category: 'paraphrase',
      pointId: 'e1',
      message: 'Higher prices mean people demand a smaller quantity of the good.',
    },
    {
      category: 'paraphrase',
      pointId: 'e4',
      message: 'Setting a maximum price below the equilibrium leads to a shortage.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'e3',
      message: 'In a competitive market the price settles where supply is greater than demand.',
    },
    {
      category: 'negated',
      pointId: 'e2',
      message: 'A shortage never happens when demand is greater than supply at the current price.',
    },
    { category: 'off_topic', pointId: null, message: 'I like the colour blue.' },
  ],
};
