import type { LabelledTopic } from './labelled-case';

export const PLATES: LabelledTopic = {
  name: 'Plate tectonics',
  points: [
    {
      id: 'g1',
      content:
        'The lithosphere is broken into rigid plates that move slowly over the asthenosphere.',
      context: 'A few centimetres a year, about as fast as fingernails grow.',
    },
    {
      id: 'g2',
      content: 'At divergent boundaries plates move apart and new crust forms.',
      context: 'The Mid-Atlantic Ridge is the classic example.',
    },
    {
      id: 'g3',
      content: 'At subduction zones the denser oceanic plate sinks beneath the continental plate.',
      context: 'This is why deep ocean trenches sit next to volcanic mountain chains.',
    },
    {
      id: 'g4',
      content: 'Earthquakes happen when stress built up along a fault is suddenly released.',
      context: 'Elastic rebound: rocks bend until they snap back.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'g3',
      message: 'At subduction zones the denser oceanic plate sinks beneath the continental plate.',
    },
    {
      category: 'verbatim',
      pointId: 'g2',
      message: 'at divergent boundaries plates move apart and new crust forms',
    },
    {
      category: 'verbatim',
      pointId: 'g1',
      message:
        'The lithosphere is broken into rigid plates which move slowly over the asthenosphere',
    },
    {
      category: 'paraphrase',
      pointId: 'g4',
      message:
        'When the stress that built up along a fault is released suddenly, you get an earthquake.',
    },
    {
      category: 'paraphrase',
      pointId: 'g2',
      message: 'Plates move apart at divergent boundaries, and new crust forms there.',
    },
    {
      category: 'paraphrase',
      pointId: 'g3',
      message:
        'The oceanic plate is denser, so at subduction zones it sinks below the continental plate.',
    },
    { category: 'partial', pointId: 'g3', message: 'One plate goes under the other one.' },
    { category: 'partial', pointId: 'g4', message: 'earthquakes happen along faults' },
    {
      category: 'negated',
      pointId: 'g3',
      message: 'At subduction zones the oceanic plate does not sink beneath the continental plate.',
    },
    {
      category: 'negated',
      pointId: 'g2',
      message: "New crust isn't formed at divergent boundaries where plates move apart.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'g3',
      message: 'At subduction zones the continental plate sinks beneath the denser oceanic plate.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'g2',
      message: 'At convergent boundaries plates move apart and new crust forms.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'g2',
      message: 'At divergent boundaries plates move together and new crust forms.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'g4',
      message: 'Earthquakes happen when stress built up along a fault is slowly released.',
    },
    {
      category: 'paraphrase',
      pointId: 'g1',
      message:
        "The Earth's outer shell is split into rigid plates that slowly drift over the asthenosphere.",
    },
    {
      category: 'paraphrase',
      pointId: 'g4',
      message: 'An earthquake is the sudden release of stress that has built up on a fault.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'g4',
      message: 'Earthquakes happen when stress built up along a fault is suddenly absorbed.',
    },
    { category: 'off_topic', pointId: null, message: "Can we take a break? I'm tired." },
  ],
};
