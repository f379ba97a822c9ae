import type { LabelledTopic } from './labelled-case';

export const DIGESTION: LabelledTopic = {
  name: 'Digestion',
  points: [
    {
      id: 'x1',
      content: 'Enzymes in saliva begin breaking down starch in the mouth.',
      context: 'Amylase gets to work before you even swallow.',
    },
    {
      id: 'x2',
      content: 'Bile from the liver emulsifies fats in the small intestine.',
      context: 'It is stored in the gallbladder between meals.',
    },
    {
      id: 'x3',
      content: 'Most nutrients are absorbed through the villi of the small intestine.',
      context: 'Finger-like folds that give it a huge surface area.',
    },
    {
      id: 'x4',
      content: 'The large intestine absorbs water from undigested food.',
      context: 'What is left becomes faeces.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'x2',
      message: 'Bile from the liver emulsifies fats in the small intestine.',
    },
    {
      category: 'verbatim',
      pointId: 'x4',
      message: 'the large intestine absorbs water from undigested food',
    },
    {
      category: 'verbatim',
      pointId: 'x1',
      message: 'Enzymes in saliva start breaking down starch in the mouth',
    },
    {
      category: 'paraphrase',
      pointId: 'x3',
      message: 'The villi of the small intestine absorb most of the nutrients.',
    },
    {
      category: 'paraphrase',
      pointId: 'x2',
      message: 'In the small intestine, fats are emulsified by bile that comes from the liver.',
    },
    {
      category: 'paraphrase',
      pointId: 'x1',
      message: 'Starch starts being broken down in the mouth by enzymes in the saliva.',
    },
    {
      category: 'paraphrase',
      pointId: 'x4',
      message: 'Water is taken back out of undigested food in the large intestine.',
    },
    { category: 'partial', pointId: 'x2', message: 'Bile does something to fats.' },
    { category: 'partial', pointId: 'x3', message: 'the small intestine absorbs stuff' },
    {
      category: 'negated',
      pointId: 'x4',
      message: 'The large intestine does not absorb water from undigested food.',
    },
    {
      category: 'negated',
      pointId: 'x1',
      message: "Starch isn't broken down in the mouth by enzymes in saliva.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'x2',
      message: 'Bile from the liver emulsifies fats in the large intestine.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'x2',
      message: 'Bile from the pancreas emulsifies fats in the small intestine.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'x4',
      message: 'The large intestine adds water to undigested food.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'x1',
      message: 'Enzymes in saliva begin breaking down protein in the mouth.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'x3',
      message: 'Most nutrients are absorbed through the walls of the stomach.',
    },
    {
      category: 'paraphrase',
      pointId: 'x4',
      message: 'Water from undigested food is absorbed in the large intestine.',
    },
    { category: 'off_topic', pointId: null, message: 'Honestly I am just hungry now.' },
  ],
};
