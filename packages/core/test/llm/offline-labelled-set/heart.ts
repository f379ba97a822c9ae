import type { LabelledTopic } from './labelled-case';

export const HEART: LabelledTopic = {
  name: 'The heart and circulation',
  points: [
    {
      id: 'h1',
      content: 'The right side of the heart pumps blood to the lungs to pick up oxygen.',
      context: 'The pulmonary circuit, through the pulmonary artery.',
    },
    {
      id: 'h2',
      content: 'Arteries carry blood away from the heart, and veins carry it back to the heart.',
      context: 'Think of the direction of flow, not of how much oxygen the blood holds.',
    },
    {
      id: 'h3',
      content: 'Valves in the heart stop blood from flowing backwards.',
      context: 'Their closing makes the lub-dub sound a stethoscope picks up.',
    },
    {
      id: 'h4',
      content: 'Red blood cells carry oxygen using haemoglobin.',
      context: 'An iron-containing protein gives these cells their colour.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'h2',
      message: 'Arteries carry blood away from the heart, and veins carry it back to the heart.',
    },
    {
      category: 'verbatim',
      pointId: 'h4',
      message: 'red blood cells carry oxygen using haemoglobin',
    },
    {
      category: 'verbatim',
      pointId: 'h3',
      message: 'The valves in the heart stop blood flowing backwards',
    },
    {
      category: 'paraphrase',
      pointId: 'h1',
      message: 'The right half of the heart sends blood to the lungs so it can pick up oxygen.',
    },
    {
      category: 'paraphrase',
      pointId: 'h3',
      message: "The heart's valves prevent blood from flowing backwards.",
    },
    {
      category: 'paraphrase',
      pointId: 'h2',
      message:
        'Veins bring the blood back to the heart, while arteries carry it away from the heart.',
    },
    { category: 'partial', pointId: 'h2', message: 'Arteries carry blood.' },
    { category: 'partial', pointId: 'h1', message: 'the heart pumps blood' },
    {
      category: 'negated',
      pointId: 'h4',
      message: 'Red blood cells do not carry oxygen using haemoglobin.',
    },
    {
      category: 'negated',
      pointId: 'h2',
      message:
        'Arteries never carry blood away from the heart, and veins carry it back to the heart.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'h2',
      message: 'Veins carry blood away from the heart, and arteries carry it back to the heart.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'h1',
      message: 'The left side of the heart pumps blood to the lungs to pick up oxygen.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'h1',
      message: 'The right side of the heart pumps blood from the lungs to pick up oxygen.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'h4',
      message: 'White blood cells carry oxygen using haemoglobin.',
    },
    {
      category: 'paraphrase',
      pointId: 'h1',
      message: 'Blood goes from the right side of the heart to the lungs to get oxygen.',
    },
    {
      category: 'paraphrase',
      pointId: 'h4',
      message: 'Haemoglobin in red blood cells is what transports the oxygen.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'h3',
      message: 'Valves in the heart help blood flow backwards.',
    },
    {
      category: 'negated',
      pointId: 'h1',
      message: 'It is false that the right side of the heart pumps blood to the lungs.',
    },
    { category: 'off_topic', pointId: null, message: 'My cat likes to sleep on the keyboard.' },
  ],
};
