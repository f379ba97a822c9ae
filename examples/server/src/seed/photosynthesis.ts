import type { SeedRecallSet } from './seed-types';

/** A science process: the two stages of photosynthesis. */
export const photosynthesis: SeedRecallSet = {
  id: 'photosynthesis',
  name: 'Photosynthesis',
  description: 'How plants turn light, water and carbon dioxide into sugar — the two stages.',
  points: [
    {
      content:
        'The light-dependent reactions happen in the thylakoid membranes of the chloroplast.',
      context:
        'First stage. Chlorophyll in photosystems II and I absorbs light; the membranes are stacked into grana.',
    },
    {
      content: 'Photosystem II splits water, which releases oxygen as a by-product.',
      context:
        'Photolysis replaces the electrons chlorophyll lost; the oxygen we breathe is the waste product.',
    },
    {
      content: 'The light-dependent reactions produce ATP and NADPH.',
      context:
        'The electron transport chain pumps protons; ATP synthase and ferredoxin-NADP reductase make the two energy carriers.',
    },
    {
      content: 'The Calvin cycle takes place in the stroma.',
      context:
        'Second, light-independent stage, in the fluid that surrounds the thylakoids inside the chloroplast.',
    },
    {
      content: 'The enzyme RuBisCO fixes carbon dioxide onto RuBP.',
      context:
        'Carbon fixation: CO2 is attached to a five-carbon sugar. RuBisCO is the most abundant protein on Earth.',
    },
    {
      content: 'The Calvin cycle produces G3P, which the plant uses to build glucose.',
      context:
        'A three-carbon sugar; five of every six molecules are recycled to regenerate RuBP, powered by ATP and NADPH.',
    },
  ],
  resources: [
    {
      key: 'chloroplast-diagram',
      kind: 'image',
      title: 'A chloroplast',
      url: '/media/chloroplast.svg',
      mimeType: 'image/svg+xml',
      caption: 'Thylakoid stacks (grana) sit in the stroma, where the Calvin cycle turns.',
      license: 'CC0-1.0',
      source: 'Drawn for the Recall demo',
      // Labels "thylakoids" under the light and "stroma: Calvin cycle": it answers both.
      linkedPoints: [
        { point: 0, relevance: 'Shows where the light-dependent reactions happen.' },
        { point: 3, relevance: 'Labels the stroma as the place of the Calvin cycle.' },
      ],
    },
    {
      key: 'two-stages',
      kind: 'text',
      title: 'The two stages in brief',
      content:
        'Photosynthesis runs in two linked stages. In the thylakoid membranes, light drives electrons from water through two photosystems; water is split, oxygen escapes, and the energy is stored as ATP and NADPH. In the stroma, the Calvin cycle spends that ATP and NADPH: RuBisCO fixes carbon dioxide onto RuBP, and the products are reduced to G3P. Some G3P leaves the cycle to become glucose, sucrose or starch; the rest regenerates RuBP so the cycle can turn again. C4 and CAM plants add a carbon-concentrating step in front of RuBisCO because the enzyme also reacts with oxygen.',
      license: 'CC0-1.0',
      source: 'Written for the Recall demo',
      // States every point of the set, so it is shown only once all of them are recalled.
      linkedPoints: [
        { point: 0, relevance: 'Places the light reactions in the thylakoid membranes.' },
        { point: 1, relevance: 'Says water is split and oxygen escapes.' },
        { point: 2, relevance: 'Names ATP and NADPH as the products of the first stage.' },
        { point: 3, relevance: 'Places the Calvin cycle in the stroma.' },
        { point: 4, relevance: 'Explains carbon fixation by RuBisCO.' },
        { point: 5, relevance: 'Follows G3P to glucose.' },
      ],
    },
  ],
};
