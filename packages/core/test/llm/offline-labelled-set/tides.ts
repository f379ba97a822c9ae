import type { LabelledTopic } from './labelled-case';

export const TIDES: LabelledTopic = {
  name: 'Tides',
  points: [
    {
      id: 't1',
      content: "Tides are caused mainly by the Moon's gravitational pull on the oceans.",
      context: 'The Sun contributes too, but less, because it is much farther away.',
    },
    {
      id: 't2',
      content: 'Spring tides happen when the Sun, Moon and Earth line up, at new and full moon.',
      context: 'The largest tidal range of the month; the name has nothing to do with the season.',
    },
    {
      id: 't3',
      content: 'Most coasts get two high tides and two low tides every day.',
      context: 'A semidiurnal pattern: the cycle repeats about every 24 hours and 50 minutes.',
    },
    {
      id: 't4',
      content: 'Neap tides occur when the Sun and Moon pull at right angles to each other.',
      context: 'The smallest tidal range, at the first and third quarter.',
    },
  ],
  cases: [
    {
      category: 'verbatim',
      pointId: 't1',
      message: "Tides are caused mainly by the Moon's gravitational pull on the oceans.",
    },
    {
      category: 'verbatim',
      pointId: 't2',
      message: 'spring tides happen when the sun, moon and earth line up, at new and full moon',
    },
    {
      category: 'verbatim',
      pointId: 't4',
      message: 'Neap tides occur when the sun and the moon pull at right angles to each other',
    },
    {
      category: 'paraphrase',
      pointId: 't1',
      message: "The moon's gravity pulls on the oceans, and that is mainly what causes tides.",
    },
    {
      category: 'paraphrase',
      pointId: 't3',
      message: 'Most coastlines have two high tides and two low tides each day.',
    },
    {
      category: 'paraphrase',
      pointId: 't2',
      message:
        'When the Earth, Moon and Sun are lined up, at full or new moon, we get spring tides.',
    },
    { category: 'partial', pointId: 't1', message: 'It has something to do with the Moon.' },
    { category: 'partial', pointId: 't2', message: 'Spring tides are at full moon I think' },
    {
      category: 'negated',
      pointId: 't1',
      message: "Tides are not caused by the Moon's gravitational pull on the oceans.",
    },
    {
      category: 'negated',
      pointId: 't4',
      message: "Neap tides don't happen when the Sun and Moon pull at right angles to each other.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 't1',
      message: "Tides are caused mainly by the Sun's gravitational pull on the oceans.",
    },
    {
      category: 'wrong_sharing_words',
      pointId: 't2',
      message: 'Neap tides happen when the Sun, Moon and Earth line up, at new and full moon.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 't3',
      message: 'Most coasts get one high tide and one low tide every day.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 't1',
      message: "The oceans' gravitational pull on the Moon is what mainly causes tides.",
    },
    {
      category: 'paraphrase',
      pointId: 't1',
      message: "The ocean is pulled by the moon's gravity, which is the main reason for tides.",
    },
    {
      category: 'paraphrase',
      pointId: 't3',
      message: 'Usually the sea comes in and goes out twice a day.',
    },
    {
      category: 'wrong_sharing_words',
      pointId: 't1',
      message: "Tides are caused mainly by the Moon's gravitational pull on the Earth's core.",
    },
    {
      category: 'negated',
      pointId: 't3',
      message: "Most coasts don't get two high tides and two low tides every day.",
    },
    { category: 'off_topic', pointId: null, message: 'I had pasta for lunch today.' },
  ],
};
