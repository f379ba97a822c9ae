import type { LabelledTopic } from './labelled-case';

export const SOUND: LabelledTopic = {
  name: 'Sound waves',
  points: [
    {
      id: 'a1',
      content: 'Sound travels faster in water than in air.',
      context: 'Whales hear each other across whole oceans.',
    },
    {
      id: 'a2',
      content: 'Sound cannot travel through a vacuum.',
      context: 'In space, no one can hear you scream.',
    },
    {
      id: 'a3',
      content: 'The pitch of a sound depends on the frequency of the vibration.',
      context: 'Measured in hertz.',
    },
    {
      id: 'a4',
      content: 'Louder sounds have larger amplitudes.',
      context: 'Measured in decibels.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'a1',
      message: 'Sound travels faster in water than in air.',
    },
    { category: 'verbatim', pointId: 'a2', message: 'sound cannot travel through a vacuum' },
    {
      category: 'verbatim',
      pointId: 'a3',
      message: 'the pitch of a sound depends on the frequency of the vibration',
    },
    {
      category: 'paraphrase',
      pointId: 'a2',
      message: "Sound can't travel through a vacuum.",
    },
    {
      category: 'paraphrase',
      pointId: 'a4',
      message: 'A louder sound has a larger amplitude.',
    },
    {
      category: 'paraphrase',
      pointId: 'a3',
      message: "A sound's pitch depends on how frequent the vibrations are.",
    },
    {
      category: 'paraphrase',
      pointId: 'a1',
      message: 'In water sound travels faster than it does in air.',
    },
    { category: 'partial', pointId: 'a3', message: 'pitch is about the sound' },
    { category: 'partial', pointId: 'a1', message: 'Sound travels in water.' },
    {
      category: 'negated',
      pointId: 'a4',
      message: "Louder sounds don't have larger amplitudes.",
    },
    {
      category: 'negated',
      pointId: 'a3',
      message: 'The pitch of a sound does not depend on the frequency of the vibration.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'a1',
      message: 'Sound travels faster in air than in water.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'a2',
      message: 'Sound can travel through a vacuum.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'a4',
      message: 'Louder sounds have smaller amplitudes.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'a3',
      message: 'The pitch of a sound depends on the amplitude of the vibration.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'a2',
      message: 'Sound travels fastest through a vacuum.',
    },
    {
      category: 'negated',
      pointId: 'a1',
      message: 'Sound does not travel faster in water than in air.',
    },
    { category: 'off_topic', pointId: null, message: 'I play the guitar in a band.' },
  ],
};
