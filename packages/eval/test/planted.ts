// Planted transcripts: hand-written session logs with known answers, for the metrics' tests.
// Only the fields the metrics read are filled; the envelope is the log's own shape.
import type { RecallPoint, SessionEvent } from '@recall/core';
import { type SessionMetrics, measureSession } from '../src/metrics/session-metrics';
import { type BuildTranscriptOptions, buildTranscript } from '../src/metrics/transcript';
import type { IntentKind, LearnerIntent } from '../src/personas/persona-types';

export const PLANTED_POINTS: RecallPoint[] = [
  ['p1', 'Lava is magma that reaches the surface.', 'Volcanoes.'],
  ['p2', 'The mantle lies between the crust and the core.', "Earth's layers."],
  ['p3', 'Earthquakes happen along fault lines.', 'Plate boundaries.'],
].map(([id, content, context], position) => ({
  id: id as string,
  recallSetId: 'planted',
  content: content as string,
  context: context as string,
  position,
  createdAt: 0,
  updatedAt: 0,
}));

/** One step of a planted log. */
export type PlantedStep =
  | {
      tutor: string;
      /** The stored `askedPointId` (the pending point asked). */
      asks?: string | null;
      /** The stored `reaskedPointId` (the recalled point asked again). */
      reasks?: string;
    }
  | { rabbithole: string }
  | { learner: string; intent?: [IntentKind, string | null] }
  | { credit: string }
  | { nearMiss: string; feedback: string }
  | { end: 'completed' | 'paused' };

/** Builds the stored events of a planted session and the persona's labels. */
export function plant(steps: readonly PlantedStep[]): {
  events: SessionEvent[];
  intents: (LearnerIntent | null)[];
} {
  const events: SessionEvent[] = [];
  const intents: (LearnerIntent | null)[] = [];
  const push = (type: string, data: Record<string, unknown>) =>
    events.push({
      id: `e${events.length + 1}`,
      sessionId: 'planted-session',
      seq: events.length + 1,
      timestamp: events.length,
      type,
      data,
    } as unknown as SessionEvent);
  for (const step of steps) {
    if ('tutor' in step) {
      push('assistant_message', {
        content: step.tutor,
        agent: 'tutor',
        ...(step.asks === undefined || step.asks === null ? {} : { askedPointId: step.asks }),
        ...(step.reasks === undefined ? {} : { reaskedPointId: step.reasks }),
      });
    } else if ('rabbithole' in step) {
      push('assistant_message', { content: step.rabbithole, agent: 'rabbithole' });
    } else if ('learner' in step) {
      push('user_message', { content: step.learner });
      intents.push(step.intent ? { kind: step.intent[0], pointId: step.intent[1] } : null);
    } else if ('credit' in step) {
      push('recall_point_recalled', { pointId: step.credit });
    } else if ('nearMiss' in step) {
      push('recall_point_near_miss', { pointId: step.nearMiss, feedback: step.feedback });
    } else {
      push(step.end === 'completed' ? 'session_completed' : 'session_paused', {
        summary: { estimatedCostUsd: 0.01 },
      });
    }
  }
  return { events, intents };
}

/** The metrics of a planted log over {@link PLANTED_POINTS}, as a run would measure them. */
export function measurePlanted(
  events: readonly SessionEvent[],
  options: Omit<BuildTranscriptOptions, 'setId' | 'persona' | 'run' | 'points' | 'events'> = {},
): SessionMetrics {
  return measureSession(
    buildTranscript({
      setId: 'planted',
      persona: 'planted',
      run: 0,
      points: PLANTED_POINTS,
      events,
      ...options,
    }),
  );
}
