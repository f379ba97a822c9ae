// The steps and labels planted-cases.ts builds its hand-labelled transcripts from (three points:
// p1 lava, p2 mantle, p3 earthquakes).
import type { PlantedStep } from './planted';

export const ask1: PlantedStep = { tutor: 'Where does magma go?', asks: 'p1' }; // shows p1: magma (1/4)
export const ask2: PlantedStep = { tutor: 'Which layer sits under the crust?', asks: 'p2' }; // p2: crust (1/4)
export const ask3: PlantedStep = { tutor: 'What shakes the ground?', asks: 'p3' }; // shows nothing
export const say1: PlantedStep = {
  learner: 'Lava is magma that reaches the surface.',
  intent: ['stated', 'p1'],
};
export const say2: PlantedStep = {
  learner: 'The mantle lies between crust and core.',
  intent: ['stated', 'p2'],
};
export const say3: PlantedStep = {
  learner: 'Earthquakes happen along fault lines.',
  intent: ['stated', 'p3'],
};
export const blank = (point: string): PlantedStep => ({
  learner: "I don't remember.",
  intent: ['blank', point],
});
export const C = (point: string): PlantedStep => ({ credit: point });
export const completed: PlantedStep = { end: 'completed' };
export const paused: PlantedStep = { end: 'paused' };
export const rest: PlantedStep[] = [
  ask2,
  say2,
  C('p2'),
  ask3,
  say3,
  C('p3'),
  { tutor: 'Right.' },
  completed,
];

export interface Label {
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
export const clean: Label = {
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
export const open = { ...clean, completed: false, turnsToCompletion: null };
