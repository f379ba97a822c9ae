import type { LabelledTopic } from './labelled-case';

export const EYE: LabelledTopic = {
  name: 'How the eye sees',
  points: [
    {
      id: 'y1',
      content: 'The lens focuses light onto the retina.',
      context: 'Muscles change its shape for near and far objects.',
    },
    {
      id: 'y2',
      content: 'Rods detect dim light, while cones detect colour.',
      context: 'Two kinds of photoreceptor.',
    },
    {
      id: 'y3',
      content: 'The pupil gets smaller in bright light.',
      context: 'The iris controls it automatically.',
    },
    {
      id: 'y4',
      content: 'The optic nerve carries signals from the retina to the brain.',
      context: 'Where it leaves the eye there is a blind spot.',
    },
  ],
  cases: [
    { category: 'verbatim', pointId: 'y1', message: 'The lens focuses light onto the retina.' },
    {
      category: 'verbatim',
      pointId: 'y4',
      message: 'the optic nerve carries signals from the retina to the brain',
    },
    {
      category: 'verbatim',
      pointId: 'y2',
      message: 'Rods detect dim light while cones detect colour',
    },
    {
      category: 'paraphrase',
      pointId: 'y1',
      message: 'Light is focused onto the retina by the lens.',
    },
    {
      category: 'paraphrase',
      pointId: 'y2',
      message: 'Cones detect colour and rods detect dim light.',
    },
    { category: 'paraphrase', pointId: 'y3', message: 'In bright light the pupil gets smaller.' },
    {
      category: 'paraphrase',
      pointId: 'y4',
      message: 'Signals go from the retina to the brain along the optic nerve.',
    },
    { category: 'partial', pointId: 'y4', message: 'The optic nerve goes to the brain.' },
    { category: 'partial', pointId: 'y2', message: 'rods and cones are in the eye' },
    {
      category: 'negated',
      pointId: 'y1',
      message: "It's not true that the lens focuses light onto the retina.",
    },
    {
      category: 'negated',
      pointId: 'y3',
      message: "The pupil doesn't get smaller in bright light.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'y1',
      message: 'The retina focuses light onto the lens.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'y2',
      message: 'Cones detect dim light, while rods detect colour.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'y3',
      message: 'The pupil gets larger in bright light.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'y4',
      message: 'The optic nerve carries signals from the brain to the retina.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'y3',
      message: 'The pupil gets smaller in dim light.',
    },
    {
      category: 'negated',
      pointId: 'y4',
      message: "The optic nerve doesn't carry signals from the retina to the brain.",
    },
    {
      category: 'paraphrase',
      pointId: 'y2',
      message: 'Dim light is detected by rods, and colour by cones.',
    },
    { category: 'off_topic', pointId: null, message: 'I need new glasses, actually.' },
  ],
};
