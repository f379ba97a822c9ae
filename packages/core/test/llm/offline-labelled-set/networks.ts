import type { LabelledTopic } from './labelled-case';

// Held out: not used while tuning the offline evaluator's rules.
export const NETWORKS: LabelledTopic = {
  name: 'How the internet delivers data',
  points: [
    {
      id: 'd1',
      content: 'DNS translates domain names into IP addresses.',
      context: 'The phone book of the internet.',
    },
    {
      id: 'd2',
      content: 'TCP guarantees delivery by resending lost packets, while UDP does not.',
      context: 'Video calls usually prefer the other one, for speed.',
    },
    {
      id: 'd3',
      content: 'A router forwards packets between different networks.',
      context: 'It reads the destination address of each packet.',
    },
    {
      id: 'd4',
      content: 'Data is split into packets that may take different routes to the destination.',
      context: 'They are put back in order when they arrive.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'd1',
      message: 'DNS translates domain names into IP addresses.',
    },
    {
      category: 'verbatim',
      pointId: 'd3',
      message: 'a router forwards packets between different networks',
    },
    {
      category: 'verbatim',
      pointId: 'd2',
      message: 'TCP guarantees delivery by resending lost packets while UDP does not',
    },
    {
      category: 'paraphrase',
      pointId: 'd4',
      message:
        'The data gets split into packets, and they may take different routes to the destination.',
    },
    {
      category: 'paraphrase',
      pointId: 'd1',
      message: 'DNS turns domain names into IP addresses.',
    },
    {
      category: 'paraphrase',
      pointId: 'd2',
      message: "TCP resends lost packets so delivery is guaranteed; UDP doesn't do that.",
    },
    { category: 'partial', pointId: 'd2', message: 'TCP is reliable.' },
    { category: 'partial', pointId: 'd4', message: 'data is split up' },
    {
      category: 'negated',
      pointId: 'd3',
      message: 'A router does not forward packets between different networks.',
    },
    {
      category: 'negated',
      pointId: 'd1',
      message: "DNS doesn't translate domain names into IP addresses.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'd1',
      message: 'DNS translates IP addresses into domain names.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'd2',
      message: 'UDP guarantees delivery by resending lost packets, while TCP does not.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'd4',
      message: 'Data is split into packets that must all take the same route to the destination.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'd3',
      message: 'A router forwards packets within the same network.',
    },
    {
      category: 'paraphrase',
      pointId: 'd3',
      message: 'Routers pass packets from one network to another.',
    },
    {
      category: 'paraphrase',
      pointId: 'd1',
      message: 'DNS converts a domain name to its IP address.',
    },
    { category: 'off_topic', pointId: null, message: 'My laptop battery is almost empty.' },
  ],
};
