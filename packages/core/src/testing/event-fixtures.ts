import type { SessionEventData, SessionEventType } from '../events/catalog';
import type { SessionEvent } from '../events/envelope';
import { createEventContext } from '../engine/turn';
import { sequenceEvent } from '../storage/log/append-plan';

const usage = { inputTokens: 120, outputTokens: 30, cacheReadTokens: 100, cacheWriteTokens: 0 };

/**
 * One valid `data` payload per event type, for tests and fixtures. A type added to the catalog
 * without a sample here fails to compile.
 */
export const sampleEventData: { readonly [T in SessionEventType]: SessionEventData<T> } = {
  session_started: {
    sessionId: 'session-1',
    recallSetId: 'set-1',
    recallSetName: 'Cell biology',
    totalPoints: 5,
    recalledCount: 0,
    resumed: false,
  },
  session_paused: { sessionId: 'session-1', recalledCount: 2, totalPoints: 5 },
  session_complete_overlay: {
    message: 'You recalled everything.',
    recalledCount: 5,
    totalPoints: 5,
    durationMs: 600_000,
  },
  session_completed: {
    sessionId: 'session-1',
    summary: {
      sessionId: 'session-1',
      recalledCount: 5,
      totalPoints: 5,
      durationMs: 610_000,
      rabbitholeCount: 1,
      recalledPointIds: ['p1', 'p2', 'p3', 'p4', 'p5'],
      usage,
      estimatedCostUsd: 0.0123,
    },
  },
  recall_point_recalled: {
    pointId: 'p2',
    pointIndex: 0,
    recalledCount: 1,
    totalPoints: 5,
    exposure: 0.25,
    peakExposure: 0.25,
  },
  recall_point_near_miss: { pointId: 'p3', feedback: 'Close: it is the inner membrane.' },
  rabbithole_detected: {
    rabbitholeEventId: 'rh-1',
    topic: 'Why mitochondria have their own DNA',
    label: 'Mitochondrial DNA',
    triggerMessageContent: 'Wait, do mitochondria have DNA?',
  },
  rabbithole_entered: {
    rabbitholeEventId: 'rh-1',
    topic: 'Why mitochondria have their own DNA',
    label: 'Mitochondrial DNA',
  },
  rabbithole_exited: {
    rabbitholeEventId: 'rh-1',
    label: 'Mitochondrial DNA',
    pointsRecalledDuring: 1,
    completionPending: false,
  },
  rabbithole_declined: { rabbitholeEventId: 'rh-2', topic: 'Endosymbiosis' },
  show_image: {
    resourceId: 'r1',
    url: 'https://example.invalid/cell.png',
    caption: 'A eukaryotic cell',
    mimeType: 'image/png',
  },
  show_resource: { resourceId: 'r2', title: 'Krebs cycle', snippet: 'The citric acid cycle…' },
  user_message: { content: 'The powerhouse of the cell.', clientMessageId: 'c-1', tokenCount: 7 },
  assistant_message: {
    content: 'Right. What does it produce?',
    agent: 'tutor',
    tokenCount: 8,
    usage,
    interrupted: false,
    attemptedPointIds: ['p1'],
    askedPointId: 'p2',
    reaskedPointId: 'p1',
  },
  assistant_streaming_start: { responseId: 'resp-1', agent: 'tutor' },
  assistant_streaming_end: {
    responseId: 'resp-1',
    fullContent: 'Right. What does it produce?',
    totalChunks: 3,
  },
};

/**
 * The sample event of `type` as storage returns it at seq `lastSeq + 1` of session
 * `session-1`: built by `createEventContext` (the one envelope builder), sequenced by the
 * storage's own stamping.
 *
 * @example
 * const event = buildSampleEvent('recall_point_recalled', 4); // event.seq === 5
 */
export function buildSampleEvent(type: SessionEventType, lastSeq = 0): SessionEvent {
  const context = createEventContext({
    clock: () => 1_700_000_000_000 + lastSeq,
    ids: () => `event-${lastSeq + 1}`,
    turnId: 'turn-1',
  });
  // build() correlates type and data through its generic; a loop variable cannot.
  const draft = context.build(
    type as 'session_paused',
    sampleEventData[type] as SessionEventData<'session_paused'>,
  );
  return sequenceEvent(draft, 'session-1', lastSeq + 1);
}
