// The recorded session reduce-session-view.test.ts and reduce-session-view-lifetimes.test.ts fold.
import type { SessionEvent } from '../../events/envelope';
import { createFixtureLog } from '../../testing/fixture-log';

export const TARGETS = ['p1', 'p2'];

/** A session: an opening, a recall with an image, a near miss, a rabbit hole with a recall
 * inside it (so the overlay waits for the exit), a resource, the overlay, a message after it. */
export function recordedLog(): SessionEvent[] {
  const log = createFixtureLog({ sessionId: 's1' });
  const respond = (responseId: string, text: string, agent: 'tutor' | 'rabbithole' = 'tutor') => {
    log.append('assistant_streaming_start', { responseId, agent }, { responseId });
    log.append(
      'assistant_streaming_end',
      { responseId, fullContent: text, totalChunks: 1 },
      { responseId },
    );
    log.append('assistant_message', { content: text, agent }, { responseId });
  };
  log.append('session_started', {
    sessionId: 's1',
    recallSetId: 'set',
    recallSetName: 'Cells',
    totalPoints: 2,
    recalledCount: 0,
    resumed: false,
    targetPointIds: TARGETS,
    userId: 'user-1',
  });
  respond('r1', 'What makes ATP?');
  log.append('user_message', { content: 'Mitochondria.', clientMessageId: 'c1', tokenCount: 3 });
  log.append('recall_point_recalled', {
    pointId: 'p1',
    pointIndex: 0,
    recalledCount: 1,
    totalPoints: 2,
  });
  log.append('show_image', { resourceId: 'img', url: 'https://example.invalid/cell.png' });
  respond('r2', 'Right. And where exactly?');
  log.append('user_message', { content: 'The membrane? Do they have DNA?', clientMessageId: 'c2' });
  log.append('recall_point_near_miss', { pointId: 'p2', feedback: 'Which membrane?' });
  log.append('rabbithole_detected', {
    rabbitholeEventId: 'rh1',
    topic: 'Mitochondrial DNA',
    label: 'Mito DNA',
    triggerMessageContent: 'Do they have DNA?',
  });
  respond('r3', 'Close. Want to explore their DNA?');
  log.append('rabbithole_entered', {
    rabbitholeEventId: 'rh1',
    topic: 'Mitochondrial DNA',
    label: 'Mito DNA',
  });
  respond('r4', 'They do: a small ring.', 'rabbithole');
  log.append('user_message', { content: 'Inner membrane, by the way.', clientMessageId: 'c3' });
  log.append('recall_point_recalled', {
    pointId: 'p2',
    pointIndex: 1,
    recalledCount: 2,
    totalPoints: 2,
  });
  log.append('show_resource', { resourceId: 'res', title: 'Cristae', snippet: 'Folds.' });
  respond('r5', 'Yes, the inner one.', 'rabbithole');
  log.append('rabbithole_exited', {
    rabbitholeEventId: 'rh1',
    label: 'Mito DNA',
    pointsRecalledDuring: 1,
    completionPending: true,
  });
  log.append('session_complete_overlay', {
    message: 'Everything recalled.',
    recalledCount: 2,
    totalPoints: 2,
    durationMs: 60_000,
  });
  log.append('user_message', { content: 'One more question.', clientMessageId: 'c4' });
  return [...log.events];
}
