import {
  type EngineFeedItem,
  type RecallSet,
  type SessionEvent,
  defineRecallSet,
} from '@recall/core';
import { createFixtureLog } from '@recall/core/testing';

// The recording of recorded-session.ts, made by a fixture log: a four-point recall set, with
// one near miss, one rabbit hole (with a recall made inside it), an image, a resource, then the
// completion overlay; the streamed chunks of each reply sit before its end.

/** The recorded session's id. */
export const SESSION_ID = 'session-photosynthesis-1';
const USER_ID = 'learner-1';

// Inline, so stories and tests never reach the network.
const LEAF_IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80"><rect width="120" height="80" fill="#eef6ea"/><path d="M20 60 C40 5 100 10 100 20 C95 60 50 75 20 60 Z" fill="#3f8f3a"/><path d="M20 60 L100 20" stroke="#d8f0c8" stroke-width="2"/></svg>',
)}`;

/** The recall set of the recording, so an engine can carry the session on. */
export const RECORDED_RECALL_SET: RecallSet = /* @__PURE__ */ defineRecallSet(
  {
    id: 'set-photosynthesis',
    name: 'Photosynthesis',
    ownerId: USER_ID,
    points: [
      {
        id: 'point-light',
        content: 'Plants need light, water and carbon dioxide',
        context: 'Inputs.',
      },
      { id: 'point-chlorophyll', content: 'Chlorophyll captures the light', context: 'Pigment.' },
      { id: 'point-oxygen', content: 'Photosynthesis releases oxygen', context: 'Output.' },
      { id: 'point-glucose', content: 'The sugar made is glucose', context: 'Output.' },
    ],
    resources: [
      {
        id: 'image-leaf',
        kind: 'image',
        title: 'A leaf',
        url: LEAF_IMAGE_URL,
        caption: 'A leaf: the chloroplasts sit in its green cells.',
        mimeType: 'image/svg+xml',
        links: [{ pointId: 'point-chlorophyll' }],
      },
      {
        id: 'resource-equation',
        kind: 'text',
        title: 'The photosynthesis equation',
        content: '6 CO2 + 6 H2O + light → C6H12O6 + 6 O2',
        links: [{ pointId: 'point-chlorophyll' }],
      },
    ],
  },
  { now: 1_700_000_000_000, ids: () => 'unused' },
);

const OPENING = ['To start: what ', 'do plants need ', 'to make their food?'];
const AFTER_LIGHT = ['Right. And which ', 'pigment captures ', 'that light?'];
const AFTER_GREEN = ['Close — think about ', 'the exact name of ', 'the green pigment.'];
const AFTER_TANGENT = ['That is a good ', 'question about ', 'autumn leaves.'];
const IN_RABBITHOLE = ['In autumn, chlorophyll ', 'breaks down and ', 'other pigments show.'];
const IN_RABBITHOLE_2 = ['Exactly: chlorophyll ', 'fades first.'];
const BACK = ['Back to the session: ', 'what gas do plants ', 'release?'];
const DONE = ['Oxygen — and that ', 'completes the set.'];

/** Records the session: the engine feed (stored events, chunks) in delivery order. */
export function recordSession(): EngineFeedItem[] {
  const log = createFixtureLog({ sessionId: SESSION_ID });
  const feed: EngineFeedItem[] = [];
  let turn = 0;
  let turnId = 'turn-0';
  const event = (stored: SessionEvent) => feed.push({ kind: 'event', event: stored });
  const learner = (content: string, clientMessageId: string) => {
    turn += 1;
    turnId = `turn-${turn}`;
    event(
      log.append(
        'user_message',
        { content, clientMessageId },
        { turnId, commandId: clientMessageId },
      ),
    );
  };
  const start = (responseId: string, agent: 'tutor' | 'rabbithole' = 'tutor') =>
    event(log.append('assistant_streaming_start', { responseId, agent }, { turnId, responseId }));
  const chunks = (responseId: string, parts: readonly string[]) => {
    for (const [index, text] of parts.entries()) {
      feed.push({ kind: 'delta', delta: { sessionId: SESSION_ID, responseId, index, text } });
    }
  };
  const end = (
    responseId: string,
    parts: readonly string[],
    agent: 'tutor' | 'rabbithole' = 'tutor',
  ) => {
    const fullContent = parts.join('');
    event(
      log.append(
        'assistant_streaming_end',
        { responseId, fullContent, totalChunks: parts.length },
        { turnId, responseId },
      ),
    );
    event(log.append('assistant_message', { content: fullContent, agent }, { turnId, responseId }));
  };
  const reply = (
    responseId: string,
    parts: readonly string[],
    agent: 'tutor' | 'rabbithole' = 'tutor',
  ) => {
    start(responseId, agent);
    chunks(responseId, parts);
    end(responseId, parts, agent);
  };
  const recalled = (pointId: string, pointIndex: number) =>
    event(
      log.append(
        'recall_point_recalled',
        { pointId, pointIndex, recalledCount: pointIndex + 1, totalPoints: 4 },
        { turnId },
      ),
    );

  event(
    log.append(
      'session_started',
      {
        sessionId: SESSION_ID,
        recallSetId: RECORDED_RECALL_SET.id,
        recallSetName: RECORDED_RECALL_SET.name,
        totalPoints: 4,
        recalledCount: 0,
        resumed: false,
        targetPointIds: RECORDED_RECALL_SET.points.map((point) => point.id),
        userId: USER_ID,
      },
      { turnId },
    ),
  );
  reply('response-1', OPENING);
  learner('Sunlight, water and CO2.', 'c-1');
  start('response-2');
  chunks('response-2', AFTER_LIGHT);
  recalled('point-light', 0);
  end('response-2', AFTER_LIGHT);
  learner('The green stuff?', 'c-2');
  event(
    log.append(
      'recall_point_near_miss',
      { pointId: 'point-chlorophyll', feedback: 'You have the colour; name the pigment.' },
      { turnId },
    ),
  );
  reply('response-3', AFTER_GREEN);
  learner('Is that why leaves turn red in autumn?', 'c-3');
  start('response-4');
  chunks('response-4', AFTER_TANGENT);
  end('response-4', AFTER_TANGENT);
  event(
    log.append(
      'rabbithole_detected',
      {
        rabbitholeEventId: 'rabbithole-1',
        topic: 'Why leaves change colour in autumn',
        label: 'Autumn leaves',
        triggerMessageContent: 'Is that why leaves turn red in autumn?',
      },
      { turnId },
    ),
  );
  turnId = 'turn-enter';
  event(
    log.append(
      'rabbithole_entered',
      {
        rabbitholeEventId: 'rabbithole-1',
        topic: 'Why leaves change colour in autumn',
        label: 'Autumn leaves',
      },
      { turnId },
    ),
  );
  reply('response-5', IN_RABBITHOLE, 'rabbithole');
  learner('So chlorophyll goes first?', 'c-4');
  start('response-6', 'rabbithole');
  chunks('response-6', IN_RABBITHOLE_2);
  recalled('point-chlorophyll', 1);
  event(
    log.append(
      'show_image',
      {
        resourceId: 'image-leaf',
        url: LEAF_IMAGE_URL,
        caption: 'A leaf: the chloroplasts sit in its green cells.',
        mimeType: 'image/svg+xml',
      },
      { turnId },
    ),
  );
  event(
    log.append(
      'show_resource',
      {
        resourceId: 'resource-equation',
        title: 'The photosynthesis equation',
        snippet: '6 CO2 + 6 H2O + light → C6H12O6 + 6 O2',
      },
      { turnId },
    ),
  );
  end('response-6', IN_RABBITHOLE_2, 'rabbithole');
  turnId = 'turn-exit';
  event(
    log.append(
      'rabbithole_exited',
      {
        rabbitholeEventId: 'rabbithole-1',
        label: 'Autumn leaves',
        pointsRecalledDuring: 1,
        completionPending: false,
      },
      { turnId },
    ),
  );
  reply('response-7', BACK);
  learner('Oxygen, and the sugar is glucose!', 'c-5');
  start('response-8');
  chunks('response-8', DONE);
  recalled('point-oxygen', 2);
  recalled('point-glucose', 3);
  end('response-8', DONE);
  event(
    log.append(
      'session_complete_overlay',
      {
        message: 'You recalled all 4 points. Keep talking, or finish here.',
        recalledCount: 4,
        totalPoints: 4,
        durationMs: 312_000,
      },
      { turnId },
    ),
  );
  return feed;
}
