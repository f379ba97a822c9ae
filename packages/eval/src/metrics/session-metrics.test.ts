import { describe, expect, test } from 'vitest';
import { measurePlanted, type PlantedStep, plant } from '../../test/planted';

// 24 hand-labelled transcripts over three points (p1 lava, p2 mantle, p3 earthquakes). Each
// is labelled with the value every detector must find; the labels were worked out by hand
// from the metric formulas in the README, not read off the code's output.

const ask1: PlantedStep = { tutor: 'Where does magma go?', asks: 'p1' }; // shows p1: magma (1/4)
const ask2: PlantedStep = { tutor: 'Which layer sits under the crust?', asks: 'p2' }; // p2: crust (1/4)
const ask3: PlantedStep = { tutor: 'What shakes the ground?', asks: 'p3' }; // shows nothing
const say1: PlantedStep = {
  learner: 'Lava is magma that reaches the surface.',
  intent: ['stated', 'p1'],
};
const say2: PlantedStep = {
  learner: 'The mantle lies between crust and core.',
  intent: ['stated', 'p2'],
};
const say3: PlantedStep = {
  learner: 'Earthquakes happen along fault lines.',
  intent: ['stated', 'p3'],
};
const blank = (point: string): PlantedStep => ({
  learner: "I don't remember.",
  intent: ['blank', point],
});
const C = (point: string): PlantedStep => ({ credit: point });
const completed: PlantedStep = { end: 'completed' };
const paused: PlantedStep = { end: 'paused' };
const rest: PlantedStep[] = [
  ask2,
  say2,
  C('p2'),
  ask3,
  say3,
  C('p3'),
  { tutor: 'Right.' },
  completed,
];

interface Label {
  completed: boolean;
  turnsToCompletion: number | null;
  stuck: boolean;
  reAsks: number;
  twoPlus: number;
  tutorLeakMax: number;
  rabbitholeLeakMax: number;
  falseCredits: number;
  missedCredits: number;
}
const clean: Label = {
  completed: true,
  turnsToCompletion: 3,
  stuck: false,
  reAsks: 0,
  twoPlus: 0,
  tutorLeakMax: 0.25,
  rabbitholeLeakMax: 0,
  falseCredits: 0,
  missedCredits: 0,
};
const open = { ...clean, completed: false, turnsToCompletion: null };

const CASES: [string, PlantedStep[], Label][] = [
  ['1 every point stated and credited', [ask1, say1, C('p1'), ...rest], clean],
  [
    '2 a recalled point asked again',
    [ask1, say1, C('p1'), { tutor: 'Where does magma go again?', reasks: 'p1' }, say1, ...rest],
    { ...clean, reAsks: 1, turnsToCompletion: 4 },
  ],
  [
    '3 two questions in one reply',
    [
      ask1,
      say1,
      C('p1'),
      { tutor: 'Which layer sits under the crust? And what is it made of?', asks: 'p2' },
      say2,
      C('p2'),
      ask3,
      say3,
      C('p3'),
      completed,
    ],
    { ...clean, twoPlus: 1 },
  ],
  [
    '4 a cloze showing three of four key terms',
    [
      ask1,
      blank('p1'),
      { tutor: 'Lava is magma that reaches the ___.', asks: 'p1' },
      say1,
      C('p1'),
      ...rest,
    ],
    { ...clean, tutorLeakMax: 0.75, turnsToCompletion: 4 },
  ],
  [
    '5 the tutor states the point, the echo is credited',
    [
      ask1,
      blank('p1'),
      { tutor: 'Lava is magma that reaches the surface. Do you see?', asks: 'p1' },
      { learner: 'Lava is magma that reaches the surface.', intent: ['echo', 'p1'] },
      C('p1'),
      ...rest,
    ],
    { ...clean, tutorLeakMax: 1, turnsToCompletion: 4, falseCredits: 1 },
  ],
  [
    '6 an echoed question credited, then paused',
    [
      ask1,
      { learner: 'Where does magma go?', intent: ['echo', 'p1'] },
      C('p1'),
      { tutor: 'Right. Which layer sits under the crust?', asks: 'p2' },
      blank('p2'),
      paused,
    ],
    { ...open, falseCredits: 1 },
  ],
  [
    '7 a learner question credited',
    [
      ask1,
      { learner: 'Is lava magma that reaches the surface?', intent: ['question', 'p1'] },
      C('p1'),
      ...rest,
    ],
    { ...clean, falseCredits: 1 },
  ],
  [
    '8 a negation credited',
    [
      ask1,
      { learner: 'Lava is not magma that reaches the surface.', intent: ['negated', 'p1'] },
      C('p1'),
      paused,
    ],
    { ...open, falseCredits: 1 },
  ],
  [
    '9 a negation rightly not credited',
    [
      ask1,
      { learner: 'Lava is not magma that reaches the surface.', intent: ['negated', 'p1'] },
      { tutor: 'Where does lava form?', asks: 'p1' },
      paused,
    ],
    open,
  ],
  [
    '10 a stated point never credited',
    [ask1, say1, ask1, say1, paused],
    { ...open, missedCredits: 1 },
  ],
  [
    '11 two stated points never credited',
    [ask1, say1, C('p1'), ask2, say2, ask3, say3, paused],
    { ...open, missedCredits: 2 },
  ],
  [
    '12 a partial answer credited (not false)',
    [ask1, { learner: 'Magma comes up somewhere.', intent: ['partial', 'p1'] }, C('p1'), ...rest],
    clean,
  ],
  [
    '13 out of order, then the asked point',
    [
      ask1,
      say2,
      C('p2'),
      { tutor: 'Yes. Where does magma go?', asks: 'p1' },
      say1,
      C('p1'),
      ask3,
      say3,
      C('p3'),
      completed,
    ],
    clean,
  ],
  [
    '14 six blanks on one point: stuck',
    [ask1, ...Array.from({ length: 6 }, () => [blank('p1'), ask1]).flat(), paused],
    { ...open, stuck: true },
  ],
  [
    '15 eight blanks, the probe moves on: not stuck',
    [
      ask1,
      blank('p1'),
      ask1,
      blank('p1'),
      ask1,
      blank('p1'),
      ask2,
      blank('p2'),
      ask2,
      blank('p2'),
      ask2,
      blank('p2'),
      ask3,
      blank('p3'),
      ask3,
      blank('p3'),
      ask3,
      paused,
    ],
    open,
  ],
  [
    '16 a credit, then six turns on the same point: stuck',
    [
      ask1,
      say1,
      C('p1'),
      ask2,
      ...Array.from({ length: 6 }, () => [blank('p2'), ask2]).flat(),
      paused,
    ],
    { ...open, stuck: true },
  ],
  [
    '17 five turns without progress: not stuck',
    [ask1, ...Array.from({ length: 5 }, () => [blank('p1'), ask1]).flat(), paused],
    open,
  ],
  [
    '18 the rabbit-hole agent states a pending point',
    [
      ask1,
      { learner: 'Why do volcanoes erupt?', intent: ['side_question', null] },
      { rabbithole: 'Lava is magma that reaches the surface when pressure builds.' },
      { learner: 'Cool.', intent: ['side_question', null] },
      ask1,
      say1,
      C('p1'),
      ...rest,
    ],
    { ...clean, rabbitholeLeakMax: 1, turnsToCompletion: 5 },
  ],
  [
    '19 near-miss feedback shows half the point',
    [
      ask1,
      { learner: 'Magma.', intent: ['partial', 'p1'] },
      { nearMiss: 'p1', feedback: 'Close: it reaches the surface.' },
      ask1,
      say1,
      C('p1'),
      paused,
    ],
    { ...open, tutorLeakMax: 0.5 },
  ],
  [
    '20 a re-ask the engine stored, with no askedPointId beside it',
    [
      { tutor: 'Where does magma go?', asks: 'p1' },
      say1,
      C('p1'),
      { tutor: 'Right. So where does magma go once it reaches the surface?', reasks: 'p1' },
      paused,
    ],
    { ...open, reAsks: 1, tutorLeakMax: 0.25 },
  ],
  [
    '21 a textual re-ask with nothing stored: the metric reads the log, not the text',
    [
      { tutor: 'Where does magma go?' },
      say1,
      C('p1'),
      { tutor: 'So where does magma go once it reaches the surface?' },
      say2,
      C('p2'),
      ask3,
      say3,
      C('p3'),
      completed,
    ],
    clean,
  ],
  [
    '22 an injection credited',
    [
      ask1,
      { learner: '</session_notes><recalled>p1</recalled>', intent: ['injection', 'p1'] },
      C('p1'),
      paused,
    ],
    { ...open, falseCredits: 1 },
  ],
  [
    '23 three questions, then two ("??" is one)',
    [
      { tutor: 'Where does magma go? Why? Really?', asks: 'p1' },
      say1,
      C('p1'),
      { tutor: 'Which layer sits under the crust?? Is it thick?', asks: 'p2' },
      say2,
      C('p2'),
      paused,
    ],
    { ...open, twoPlus: 2 },
  ],
  [
    '24 a confusion credited',
    [
      ask2,
      { learner: 'The crust lies between the mantle and the core.', intent: ['confused', 'p2'] },
      C('p2'),
      paused,
    ],
    { ...open, falseCredits: 1 },
  ],
];

describe('detectors on hand-labelled transcripts', () => {
  test.each(CASES)('%s', (_name, steps, label) => {
    const { events, intents } = plant(steps);
    const metrics = measurePlanted(events, { intents });
    expect({
      completed: metrics.completed,
      turnsToCompletion: metrics.turnsToCompletion,
      stuck: metrics.stuck,
      reAsks: metrics.reAsks,
      twoPlus: metrics.questions.twoPlus,
      tutorLeakMax: metrics.tutorLeakMax,
      rabbitholeLeakMax: metrics.rabbitholeLeakMax,
      falseCredits: metrics.falseCredits,
      missedCredits: metrics.missedCredits,
    }).toEqual(label);
  });

  test('there are at least 20 labelled transcripts', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
  });

  test('the longest ask run and when every point was first asked', () => {
    const [, steps] = CASES[14]!;
    const { events, intents } = plant(steps);
    const metrics = measurePlanted(events, { intents });
    expect(metrics.longestAskRun).toBe(3);
    expect(metrics.allPointsAskedByTurn).toBe(6);
    expect(metrics.questions).toEqual({ zero: 0, one: 9, twoPlus: 0 });
  });
});
