import type { LabelledTopic } from './labelled-case';

export const DATA_STRUCTURES: LabelledTopic = {
  name: 'Data structures',
  points: [
    {
      id: 'b1',
      content: 'A stack removes the most recently added item first.',
      context: 'Last in, first out, like a pile of plates.',
    },
    {
      id: 'b2',
      content: 'Garbage collection frees memory that is no longer reachable.',
      context: 'The runtime does it, not the programmer.',
    },
    {
      id: 'b3',
      content: 'A hash table finds a value from its key in constant time on average.',
      context: 'Collisions are what make the worst case slower.',
    },
    {
      id: 'b4',
      content: 'Binary search only works on a sorted array.',
      context: 'It halves the range at every step.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'b2',
      message: 'Garbage collection frees memory that is no longer reachable.',
    },
    {
      category: 'verbatim',
      pointId: 'b4',
      message: 'binary search only works on a sorted array',
    },
    {
      category: 'verbatim',
      pointId: 'b1',
      message: 'A stack removes the most recently added item first',
    },
    {
      category: 'paraphrase',
      pointId: 'b3',
      message: 'On average a hash table finds the value for a key in constant time.',
    },
    {
      category: 'paraphrase',
      pointId: 'b4',
      message: 'Binary search works only if the array is sorted.',
    },
    {
      category: 'paraphrase',
      pointId: 'b2',
      message: "Memory that can't be reached any more is freed by garbage collection.",
    },
    { category: 'partial', pointId: 'b3', message: 'Hash tables use keys.' },
    { category: 'partial', pointId: 'b1', message: 'a stack holds items' },
    {
      category: 'negated',
      pointId: 'b4',
      message: "Binary search doesn't only work on a sorted array.",
    },
    {
      category: 'negated',
      pointId: 'b1',
      message: 'A stack never removes the most recently added item first.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'b1',
      message: 'A stack removes the least recently added item first.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'b2',
      message: 'Garbage collection frees memory that is still reachable.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'b3',
      message: 'A hash table finds a key from its value in constant time on average.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'b4',
      message: 'Binary search only works on an unsorted array.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'b4',
      message: 'Binary search works on any array, sorted or not.',
    },
    { category: 'off_topic', pointId: null, message: 'My code finally compiled, by the way.' },
  ],
};
