import type { LabelledTopic } from './labelled-case';

export const IMMUNITY: LabelledTopic = {
  name: 'Immunity and vaccines',
  points: [
    {
      id: 'v1',
      content: 'Vaccines train the immune system by exposing it to a harmless form of a pathogen.',
      context: 'Weakened, killed, or just a piece of it, such as a surface protein.',
    },
    {
      id: 'v2',
      content: 'Antibodies are proteins made by B cells that bind to specific antigens.',
      context: 'Y-shaped molecules; each fits one shape like a key in a lock.',
    },
    {
      id: 'v3',
      content: 'Memory cells let the body respond faster to an infection it has seen before.',
      context: 'Why you rarely catch chickenpox twice.',
    },
    {
      id: 'v4',
      content: 'Antibiotics kill bacteria but do not work against viruses.',
      context: 'Why a doctor will not prescribe them for a cold.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'v2',
      message: 'Antibodies are proteins made by B cells that bind to specific antigens.',
    },
    {
      category: 'verbatim',
      pointId: 'v4',
      message: 'antibiotics kill bacteria but do not work against viruses',
    },
    {
      category: 'verbatim',
      pointId: 'v3',
      message: "memory cells let the body respond faster to an infection it's seen before",
    },
    {
      category: 'paraphrase',
      pointId: 'v4',
      message: "Antibiotics kill bacteria, but they don't work against viruses.",
    },
    {
      category: 'paraphrase',
      pointId: 'v1',
      message:
        'A vaccine exposes the immune system to a harmless form of the pathogen, which trains it.',
    },
    {
      category: 'paraphrase',
      pointId: 'v2',
      message: 'B cells make antibodies, which are proteins that bind to specific antigens.',
    },
    { category: 'partial', pointId: 'v2', message: 'Antibodies bind to things.' },
    { category: 'partial', pointId: 'v1', message: 'vaccines help the immune system' },
    {
      category: 'negated',
      pointId: 'v3',
      message: "Memory cells don't let the body respond faster to an infection it has seen before.",
    },
    {
      category: 'negated',
      pointId: 'v1',
      message:
        'Vaccines do not train the immune system by exposing it to a harmless form of a pathogen.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'v4',
      message: 'Antibiotics kill viruses but do not work against bacteria.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'v2',
      message: 'Antigens are proteins made by B cells that bind to specific antibodies.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'v3',
      message: 'Memory cells let the body respond slower to an infection it has seen before.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'v2',
      message: 'Antibodies are proteins made by T cells that bind to specific antigens.',
    },
    {
      category: 'paraphrase',
      pointId: 'v1',
      message:
        'Vaccines show the immune system a harmless version of a germ so it learns to recognise it.',
    },
    {
      category: 'paraphrase',
      pointId: 'v3',
      message:
        'Because of memory cells, the body reacts more quickly to infections it already met.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'v2',
      message: 'Antibodies are proteins made by B cells that destroy specific antigens.',
    },
    { category: 'off_topic', pointId: null, message: 'Do you know any good podcasts?' },
  ],
};
