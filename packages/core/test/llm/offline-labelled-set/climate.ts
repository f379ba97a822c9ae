import type { LabelledTopic } from './labelled-case';

export const CLIMATE: LabelledTopic = {
  name: 'The greenhouse effect',
  points: [
    {
      id: 'k1',
      content: "Greenhouse gases trap heat radiated from the Earth's surface.",
      context: 'Infrared, going out, absorbed on the way.',
    },
    {
      id: 'k2',
      content: 'Burning fossil fuels releases carbon dioxide into the atmosphere.',
      context: 'Coal, oil and gas: ancient plants and plankton.',
    },
    {
      id: 'k3',
      content: 'Melting sea ice lowers the albedo, so the ocean absorbs more sunlight.',
      context: 'A feedback loop: white reflects, dark absorbs.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'k2',
      message: 'Burning fossil fuels releases carbon dioxide into the atmosphere.',
    },
    {
      category: 'verbatim',
      pointId: 'k1',
      message: "greenhouse gases trap heat radiated from the earth's surface",
    },
    {
      category: 'paraphrase',
      pointId: 'k2',
      message: 'When fossil fuels are burned, carbon dioxide is released into the atmosphere.',
    },
    {
      category: 'paraphrase',
      pointId: 'k1',
      message: "The heat radiated from the Earth's surface gets trapped by greenhouse gases.",
    },
    {
      category: 'paraphrase',
      pointId: 'k3',
      message: 'When sea ice melts the albedo drops, so the ocean absorbs more sunlight.',
    },
    { category: 'partial', pointId: 'k3', message: 'Ice melts.' },
    { category: 'partial', pointId: 'k1', message: 'greenhouse gases do something with heat' },
    {
      category: 'negated',
      pointId: 'k2',
      message: "Burning fossil fuels doesn't release carbon dioxide into the atmosphere.",
    },
    {
      category: 'negated',
      pointId: 'k1',
      message: "Greenhouse gases do not trap heat radiated from the Earth's surface.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'k3',
      message: 'Melting sea ice raises the albedo, so the ocean absorbs less sunlight.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'k2',
      message: 'Burning fossil fuels releases oxygen into the atmosphere.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'k1',
      message: "Greenhouse gases trap heat radiated from the Sun's surface.",
    },
    {
      category: 'negated',
      pointId: 'k3',
      message: "Melting sea ice doesn't lower the albedo.",
    },
    {
      category: 'paraphrase',
      pointId: 'k1',
      message: 'Heat radiated from the surface of the Earth is trapped by greenhouse gases.',
    },
    { category: 'off_topic', pointId: null, message: 'It is really cold outside today.' },
  ],
};
