import type { LabelledTopic } from './labelled-case';

export const STARS: LabelledTopic = {
  name: 'Stars',
  points: [
    {
      id: 'z1',
      content: 'Stars produce energy by fusing hydrogen into helium.',
      context: 'In their cores, at millions of degrees.',
    },
    {
      id: 'z2',
      content: 'Blue stars are hotter than red stars.',
      context: 'Colour tells you the surface temperature.',
    },
    {
      id: 'z3',
      content: 'Massive stars end their lives in supernova explosions.',
      context: 'Sometimes leaving a neutron star or a black hole.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'z1',
      message: 'Stars produce energy by fusing hydrogen into helium.',
    },
    { category: 'verbatim', pointId: 'z2', message: 'blue stars are hotter than red stars' },
    {
      category: 'verbatim',
      pointId: 'z3',
      message: 'Massive stars end their lives in supernova explosions',
    },
    {
      category: 'paraphrase',
      pointId: 'z1',
      message: 'Stars fuse hydrogen into helium, and that produces their energy.',
    },
    { category: 'paraphrase', pointId: 'z2', message: 'Red stars are cooler than blue stars.' },
    {
      category: 'paraphrase',
      pointId: 'z3',
      message: 'The lives of massive stars end in supernova explosions.',
    },
    { category: 'partial', pointId: 'z1', message: 'Stars use hydrogen.' },
    { category: 'partial', pointId: 'z3', message: 'supernovas are explosions' },
    {
      category: 'negated',
      pointId: 'z1',
      message: "Stars don't produce energy by fusing hydrogen into helium.",
    },
    {
      category: 'negated',
      pointId: 'z3',
      message: 'No, massive stars never end their lives in supernova explosions.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'z1',
      message: 'Stars produce energy by fusing helium into hydrogen.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'z2',
      message: 'Blue stars are cooler than red stars.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'z3',
      message: 'Small stars end their lives in supernova explosions.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'z2',
      message: 'Red stars are hotter than blue stars.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'z1',
      message: 'Stars produce energy by splitting helium into hydrogen.',
    },
    {
      category: 'negated',
      pointId: 'z2',
      message: "Blue stars aren't hotter than red stars.",
    },
    { category: 'off_topic', pointId: null, message: 'Did you see the football last night?' },
  ],
};
