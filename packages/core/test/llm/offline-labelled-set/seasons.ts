import type { LabelledTopic } from './labelled-case';

export const SEASONS: LabelledTopic = {
  name: 'The seasons',
  points: [
    {
      id: 's1',
      content: "Seasons are caused by the tilt of Earth's axis, not by its distance from the Sun.",
      context: 'About 23.5 degrees; Earth is actually closest to the Sun in January.',
    },
    {
      id: 's2',
      content: 'When the Northern Hemisphere is tilted towards the Sun, it has summer.',
      context: 'Longer days and sunlight arriving at a steeper angle.',
    },
    {
      id: 's3',
      content: 'At the equinoxes, day and night are about equally long everywhere.',
      context: 'Around 20 March and 22 September.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 's1',
      message: "Seasons are caused by the tilt of Earth's axis, not by its distance from the Sun.",
    },
    {
      category: 'verbatim',
      pointId: 's3',
      message: 'at the equinoxes day and night are about equally long everywhere',
    },
    {
      category: 'paraphrase',
      pointId: 's1',
      message:
        "It's the tilt of the Earth's axis that causes seasons, not the distance from the Sun.",
    },
    {
      category: 'paraphrase',
      pointId: 's2',
      message: 'The Northern Hemisphere has summer when it is tilted towards the Sun.',
    },
    {
      category: 'paraphrase',
      pointId: 's3',
      message: 'During the equinoxes, day and night are roughly equally long everywhere on Earth.',
    },
    { category: 'partial', pointId: 's1', message: 'Something about the axis.' },
    { category: 'partial', pointId: 's2', message: 'the northern hemisphere has summer' },
    {
      category: 'negated',
      pointId: 's1',
      message: "Seasons are not caused by the tilt of Earth's axis.",
    },
    {
      category: 'negated',
      pointId: 's3',
      message: "At the equinoxes day and night aren't equally long everywhere.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 's1',
      message: "Seasons are caused by Earth's distance from the Sun, not by the tilt of its axis.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 's2',
      message: 'When the Northern Hemisphere is tilted away from the Sun, it has summer.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 's2',
      message: 'When the Northern Hemisphere is tilted towards the Sun, it has winter.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 's3',
      message: 'At the solstices, day and night are about equally long everywhere.',
    },
    {
      category: 'paraphrase',
      pointId: 's2',
      message:
        'Summer in the Northern Hemisphere happens when that hemisphere leans toward the Sun.',
    },
    {
      category: 'paraphrase',
      pointId: 's1',
      message:
        "The seasons come from the Earth's axial tilt rather than how far we are from the Sun.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 's3',
      message: 'At the equinoxes, day and night are about equally long at the poles only.',
    },
    { category: 'off_topic', pointId: null, message: 'What should I cook for dinner tonight?' },
  ],
};
