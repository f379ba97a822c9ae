import { describe, expect, test } from 'vitest';
import { LABEL_MAX_CHARACTERS, LABEL_MAX_WORDS } from '../../session/rabbithole-topic';
import { tangentPhrase } from './tangent-phrase';

const DANGLING =
  /\b(?:and|or|of|in|on|at|to|the|a|an|with|without|for|from|by|than|as|into|that|this|those|these|over|under|very|much|every|is|are|was|were)$/i;

// [question, a word of its head noun the label must keep]
const QUESTIONS: ReadonlyArray<[string, string]> = [
  ['How do cacti survive in the desert without much water?', 'desert'],
  ['Why did people wear powdered wigs in that era?', 'wigs'],
  ["What happened to Marie Antoinette's children?", 'children'],
  ['Why do programmers prefer Rust over C++?', 'C++'],
  ['Why is C# used so much for games?', 'C#'],
  ['Why do bees dance?', 'bees'],
  ['How do birds find their way south every winter?', 'birds'],
  ['Why do onions make you cry when you cut them?', 'onions'],
  ['How does a refrigerator keep food cold without ice?', 'refrigerator'],
  ['What happened to the dinosaurs?', 'dinosaurs'],
  ['What happened to the library of Alexandria in the end?', 'library'],
  ['Is Python faster than JavaScript?', 'Python'],
  ['Why are cats more independent than dogs?', 'cats'],
  ['How is a virus different from a bacterium?', 'virus'],
  ["Why was Caesar's assassination such a big deal?", 'assassination'],
  ["What was Newton's biggest mistake?", 'mistake'],
  ['Why do we dream at night?', 'night'],
  ['How did the Egyptians build the pyramids without wheels?', 'pyramids'],
  ['I wonder why the ocean is salty but rivers are not', 'ocean'],
  ['Do you know how submarines dive and come back up?', 'submarines'],
  ['How come metals feel colder than wood at the same temperature?', 'metals'],
  ['What about black holes at the centre of galaxies?', 'holes'],
  ['Tell me about the Great Fire of London', 'Fire'],
  ['Why does salt melt ice on the roads in winter?', 'salt'],
  ['Why is Na+ important for nerve signals?', 'Na+'],
  ['Why does water boil at 100 °C at sea level?', 'water'],
  ['Who was the first person to reach the South Pole?', 'person'],
  ['When did people start using money instead of trading goods?', 'money'],
  ['Where do hurricanes get their energy from?', 'hurricanes'],
  ['Which planet has the most moons in the solar system?', 'planet'],
  ['How do vaccines compare with natural immunity?', 'vaccines'],
  ['Why do some trees lose their leaves in autumn while others keep them?', 'trees'],
  ['What makes the Northern Lights glow in different colours?', 'Lights'],
];

describe('offline rabbit-hole labels', () => {
  test.each(QUESTIONS)(
    '"%s" keeps its head noun (%s) and ends on no small word',
    (question, head) => {
      const { label } = tangentPhrase(question);
      expect(label.split(/\s+/).length).toBeLessThanOrEqual(LABEL_MAX_WORDS);
      expect(label.length).toBeLessThanOrEqual(LABEL_MAX_CHARACTERS);
      expect(label).not.toMatch(DANGLING);
      const words = label.split(/\s+/).map((word) => word.replace(/[.,;:!?]+$/, '').toLowerCase());
      expect(words).toContain(head.toLowerCase());
    },
  );

  test('the four labels measured broken in issue 22 are whole now', () => {
    const labels = QUESTIONS.slice(0, 4).map(([question]) => tangentPhrase(question).label);
    expect(labels).toEqual([
      'Cacti surviving in the desert',
      'People wear powdered wigs',
      "Marie Antoinette's children",
      'Programmers prefer Rust over C++',
    ]);
  });
});
