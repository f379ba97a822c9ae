import type { RecallPoint, RecallSet } from '@recall/core';
import type { EvalAnswers } from '../sets/sets-file';

/** The scripted learners `--personas` can name. */
export const PERSONA_NAMES = [
  'strong',
  'partial',
  'negator',
  'confuser',
  'blank',
  'echo',
  'asker',
  'tangent',
  'injector',
  'out-of-order',
] as const;
/** One of {@link PERSONA_NAMES}. */
export type PersonaName = (typeof PERSONA_NAMES)[number];

/**
 * What a learner message really does, as the persona knows it (the ground truth the metrics
 * hold the engine's credits against): `stated` and `partial` are the only kinds that show
 * knowledge of `pointId`.
 */
export type IntentKind =
  | 'stated'
  | 'partial'
  | 'negated'
  | 'confused'
  | 'echo'
  | 'question'
  | 'blank'
  | 'side_question'
  | 'injection';

/** The label of one learner message. */
export interface LearnerIntent {
  kind: IntentKind;
  /** The point the message is about; null for side questions and blanks with nothing asked. */
  pointId: string | null;
}

/** What a persona does next. */
export type LearnerAction =
  | { kind: 'say'; text: string; intent: LearnerIntent }
  | { kind: 'enter_rabbithole' }
  | { kind: 'exit_rabbithole' }
  | { kind: 'decline_rabbithole' }
  | { kind: 'leave' };

/** What a persona sees before it acts: what a learner on the page would see, plus its own answers. */
export interface LearnerTurnContext {
  recallSet: RecallSet;
  /** The eval-only answers by point id. */
  answers: ReadonlyMap<string, EvalAnswers>;
  /** Points not recalled yet, in probe order. */
  pending: readonly RecallPoint[];
  /** The point the latest tutor reply asked about (its stored `askedPointId`); null when none. */
  askedPointId: string | null;
  /** Every point some tutor reply has asked about so far. */
  everAsked: ReadonlySet<string>;
  /** The latest agent reply's text ('' before any). */
  lastReply: string;
  mode: 'recall' | 'rabbithole';
  /** A rabbit-hole prompt is waiting for enter or decline. */
  rabbitholePending: boolean;
  /** How many learner messages were sent before this one. */
  turn: number;
  /** A number in [0, 1) from the session's seeded generator. */
  random: () => number;
}

/** A learner for one session (it may keep state between turns). */
export interface Persona {
  readonly name: string;
  next(context: LearnerTurnContext): LearnerAction | Promise<LearnerAction>;
}

/** A built-in scripted learner: it answers at once. */
export interface ScriptedPersona extends Persona {
  readonly name: PersonaName;
  next(context: LearnerTurnContext): LearnerAction;
}

/** A learner beyond the built-in personas (e.g. the LLM learner): a name and a fresh one per session. */
export interface PersonaFactory {
  name: string;
  create(): Persona;
}
