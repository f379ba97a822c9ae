import type { LabelledTopic } from './labelled-case';

// Held out: not used while tuning the offline evaluator's rules.
export const WATER_CYCLE: LabelledTopic = {
  name: 'The water cycle',
  points: [
    {
      id: 'w1',
      content: 'The Sun heats the oceans and water evaporates into the air.',
      context: 'The engine of the whole cycle; most of it happens over the sea.',
    },
    {
      id: 'w2',
      content: 'Water vapour cools as it rises and condenses into clouds.',
      context: 'Tiny droplets form around dust particles.',
    },
    {
      id: 'w3',
      content:
        'Plants release water vapour through their leaves in a process called transpiration.',
      context: 'It happens through tiny pores called stomata.',
    },
    {
      id: 'w4',
      content: 'Rain that soaks into the ground becomes groundwater stored in aquifers.',
      context: 'Infiltration; wells draw on it.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 'w2',
      message: 'Water vapour cools as it rises and condenses into clouds.',
    },
    {
      category: 'verbatim',
      pointId: 'w3',
      message: 'plants release water vapour through their leaves in a process called transpiration',
    },
    {
      category: 'verbatim',
      pointId: 'w4',
      message: 'Rain that soaks into the ground becomes groundwater, stored in aquifers',
    },
    {
      category: 'paraphrase',
      pointId: 'w1',
      message: 'Water evaporates into the air because the Sun heats the oceans.',
    },
    {
      category: 'paraphrase',
      pointId: 'w3',
      message: 'Transpiration is when plants release water vapour through their leaves.',
    },
    {
      category: 'paraphrase',
      pointId: 'w2',
      message: 'As the water vapour rises it cools down and condenses to form clouds.',
    },
    { category: 'partial', pointId: 'w1', message: 'The sun does something to the water.' },
    { category: 'partial', pointId: 'w4', message: 'rain goes into the ground' },
    {
      category: 'negated',
      pointId: 'w2',
      message: "Water vapour doesn't condense into clouds as it rises and cools.",
    },
    {
      category: 'negated',
      pointId: 'w3',
      message: 'Plants do not release water vapour through their leaves.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'w2',
      message: 'Water vapour warms as it rises and condenses into clouds.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'w3',
      message: 'Plants absorb water vapour through their leaves in a process called transpiration.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'w1',
      message: 'The oceans heat the Sun and water evaporates into the air.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 'w4',
      message: 'Rain that soaks into the ground becomes clouds stored in aquifers.',
    },
    {
      category: 'paraphrase',
      pointId: 'w1',
      message: 'Heat from the Sun makes ocean water evaporate into the air.',
    },
    {
      category: 'paraphrase',
      pointId: 'w4',
      message:
        'When rain seeps into the soil it turns into groundwater that is stored in aquifers.',
    },
    {
      category: 'negated',
      pointId: 'w3',
      message: 'Plants never release water vapour through their leaves.',
    },
    { category: 'off_topic', pointId: null, message: 'Is it going to rain tomorrow in Paris?' },
  ],
};
