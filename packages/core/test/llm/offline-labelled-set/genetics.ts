import type { LabelledTopic } from './labelled-case';

export const GENETICS: LabelledTopic = {
  name: 'Genes and inheritance',
  points: [
    {
      id: 'q1',
      content: 'DNA is made of two strands twisted into a double helix.',
      context: 'Watson, Crick and Rosalind Franklin.',
    },
    {
      id: 'q2',
      content: 'Genes are sections of DNA that code for proteins.',
      context: 'About 20,000 of them in a human.',
    },
    {
      id: 'q3',
      content: 'A dominant allele masks the effect of a recessive allele.',
      context: 'Brown eyes over blue eyes, in the textbook version.',
    },
    {
      id: 'q4',
      content: 'Mitosis produces two identical daughter cells.',
      context: 'Used for growth and repair.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'q3',
      message: 'A dominant allele masks the effect of a recessive allele.',
    },
    {
      category: 'verbatim',
      pointId: 'q2',
      message: 'genes are sections of DNA that code for proteins',
    },
    {
      category: 'verbatim',
      pointId: 'q4',
      message: 'Mitosis produces 2 identical daughter cells.',
    },
    {
      category: 'paraphrase',
      pointId: 'q1',
      message: 'DNA consists of two strands twisted into a double helix.',
    },
    {
      category: 'paraphrase',
      pointId: 'q2',
      message: 'A gene is a section of DNA which codes for a protein.',
    },
    {
      category: 'paraphrase',
      pointId: 'q3',
      message: "The effect of a recessive allele is masked when there's a dominant allele.",
    },
    {
      category: 'paraphrase',
      pointId: 'q4',
      message: 'With mitosis you get two daughter cells that are identical.',
    },
    { category: 'partial', pointId: 'q1', message: "It's a helix." },
    { category: 'partial', pointId: 'q4', message: 'mitosis makes cells' },
    {
      category: 'negated',
      pointId: 'q3',
      message: 'A dominant allele does not mask the effect of a recessive allele.',
    },
    {
      category: 'negated',
      pointId: 'q4',
      message: 'Mitosis never produces two identical daughter cells.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'q3',
      message: 'A recessive allele masks the effect of a dominant allele.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'q4',
      message: 'Mitosis produces four identical daughter cells.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'q1',
      message: 'DNA is made of three strands twisted into a double helix.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'q2',
      message: 'Proteins are sections of DNA that code for genes.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'q2',
      message: 'Genes are sections of proteins that code for DNA.',
    },
    {
      category: 'negated',
      pointId: 'q1',
      message: "DNA isn't made of two strands twisted into a double helix.",
    },
    { category: 'off_topic', pointId: null, message: 'My sister has blue eyes.' },
  ],
};
