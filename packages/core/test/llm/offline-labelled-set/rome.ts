import type { LabelledTopic } from './labelled-case';

// Held out: not used while tuning the offline evaluator's rules.
export const ROME: LabelledTopic = {
  name: 'From republic to empire',
  points: [
    {
      id: 'r1',
      content: 'Julius Caesar crossed the Rubicon in 49 BC, which started a civil war.',
      context: 'A small river marking the border of his province.',
    },
    {
      id: 'r2',
      content: 'Augustus became the first Roman emperor in 27 BC.',
      context: "Caesar's adopted heir, formerly called Octavian.",
    },
    {
      id: 'r3',
      content: 'Caesar was assassinated by senators on the Ides of March, 44 BC.',
      context: 'Brutus and Cassius were among the conspirators.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'r2',
      message: 'Augustus became the first Roman emperor in 27 BC.',
    },
    {
      category: 'verbatim',
      pointId: 'r1',
      message: 'julius caesar crossed the rubicon in 49 BC which started a civil war',
    },
    {
      category: 'paraphrase',
      pointId: 'r3',
      message: 'Senators assassinated Caesar on the Ides of March in 44 BC.',
    },
    {
      category: 'paraphrase',
      pointId: 'r1',
      message: 'In 49 BC Caesar crossed the Rubicon and that started a civil war.',
    },
    {
      category: 'paraphrase',
      pointId: 'r2',
      message: 'In 27 BC Augustus became the first emperor of Rome.',
    },
    { category: 'partial', pointId: 'r3', message: 'Caesar was killed.' },
    { category: 'partial', pointId: 'r1', message: 'something about a river' },
    {
      category: 'negated',
      pointId: 'r2',
      message: 'Augustus did not become the first Roman emperor in 27 BC.',
    },
    {
      category: 'negated',
      pointId: 'r1',
      message: "Caesar crossing the Rubicon in 49 BC didn't start a civil war.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'r2',
      message: 'Augustus became the last Roman emperor in 27 BC.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'r3',
      message: 'Caesar assassinated the senators on the Ides of March, 44 BC.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'r1',
      message: 'Julius Caesar crossed the Rubicon in 44 BC, which started a civil war.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'r2',
      message: 'Caesar became the first Roman emperor in 27 BC.',
    },
    {
      category: 'paraphrase',
      pointId: 'r3',
      message: 'In 44 BC, on the Ides of March, a group of senators murdered Caesar.',
    },
    {
      category: 'paraphrase',
      pointId: 'r2',
      message: "Augustus was Rome's first emperor, from 27 BC.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'r1',
      message: 'Julius Caesar crossed the Rubicon in 49 BC, which ended a civil war.',
    },
    { category: 'off_topic', pointId: null, message: 'I watched a film about gladiators.' },
  ],
};
