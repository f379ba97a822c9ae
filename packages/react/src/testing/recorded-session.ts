import type { ServerMessage } from '@recall/ws';

// A recorded session, message by message as the server sent it: a four-point recall set,
// one near miss, one rabbit hole (with a recall made inside it), an image, a resource,
// then the completion overlay. Chunks carry no `seq`; everything from the log does.
// Learner messages appear as stored history (`user_message` with its `clientMessageId`).

const SESSION_ID = 'session-photosynthesis-1';

// Inline, so stories and tests never reach the network.
const LEAF_IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80"><rect width="120" height="80" fill="#eef6ea"/><path d="M20 60 C40 5 100 10 100 20 C95 60 50 75 20 60 Z" fill="#3f8f3a"/><path d="M20 60 L100 20" stroke="#d8f0c8" stroke-width="2"/></svg>',
)}`;

function chunks(responseId: string, parts: readonly string[]): ServerMessage[] {
  return parts.map((text, index) => ({ type: 'assistant_chunk', responseId, index, text }));
}

function complete(seq: number, responseId: string, parts: readonly string[]): ServerMessage {
  return {
    type: 'assistant_complete',
    seq,
    responseId,
    fullContent: parts.join(''),
    totalChunks: parts.length,
  };
}

const OPENING = ['To start: what ', 'do plants need ', 'to make their food?'];
const AFTER_LIGHT = ['Right. And which ', 'pigment captures ', 'that light?'];
const AFTER_GREEN = ['Close — think about ', 'the exact name of ', 'the green pigment.'];
const AFTER_TANGENT = ['That is a good ', 'question about ', 'autumn leaves.'];
const IN_RABBITHOLE = ['In autumn, chlorophyll ', 'breaks down and ', 'other pigments show.'];
const IN_RABBITHOLE_2 = ['Exactly: chlorophyll ', 'fades first.'];
const BACK = ['Back to the session: ', 'what gas do plants ', 'release?'];
const DONE = ['Oxygen — and that ', 'completes the set.'];

/** The whole recorded session, in delivery order. */
export const RECORDED_SESSION: readonly ServerMessage[] = [
  {
    type: 'session_started',
    seq: 1,
    sessionId: SESSION_ID,
    recallSetId: 'set-photosynthesis',
    recallSetName: 'Photosynthesis',
    totalPoints: 4,
    recalledCount: 0,
    resumed: false,
    openingMessage: '',
  },
  ...chunks('response-1', OPENING),
  complete(2, 'response-1', OPENING),
  { type: 'user_message', seq: 3, content: 'Sunlight, water and CO2.', clientMessageId: 'c-1' },
  ...chunks('response-2', AFTER_LIGHT),
  {
    type: 'recall_point_recalled',
    seq: 4,
    pointId: 'point-light',
    pointIndex: 0,
    recalledCount: 1,
    totalPoints: 4,
  },
  complete(5, 'response-2', AFTER_LIGHT),
  { type: 'user_message', seq: 6, content: 'The green stuff?', clientMessageId: 'c-2' },
  {
    type: 'recall_point_near_miss',
    seq: 7,
    pointId: 'point-chlorophyll',
    feedback: 'You have the colour; name the pigment.',
  },
  ...chunks('response-3', AFTER_GREEN),
  complete(8, 'response-3', AFTER_GREEN),
  {
    type: 'user_message',
    seq: 9,
    content: 'Is that why leaves turn red in autumn?',
    clientMessageId: 'c-3',
  },
  {
    type: 'rabbithole_detected',
    seq: 10,
    rabbitholeEventId: 'rabbithole-1',
    topic: 'Why leaves change colour in autumn',
    label: 'Autumn leaves',
  },
  ...chunks('response-4', AFTER_TANGENT),
  complete(11, 'response-4', AFTER_TANGENT),
  {
    type: 'rabbithole_entered',
    seq: 12,
    rabbitholeEventId: 'rabbithole-1',
    topic: 'Why leaves change colour in autumn',
    label: 'Autumn leaves',
  },
  ...chunks('response-5', IN_RABBITHOLE),
  complete(13, 'response-5', IN_RABBITHOLE),
  { type: 'user_message', seq: 14, content: 'So chlorophyll goes first?', clientMessageId: 'c-4' },
  {
    type: 'recall_point_recalled',
    seq: 15,
    pointId: 'point-chlorophyll',
    pointIndex: 1,
    recalledCount: 2,
    totalPoints: 4,
  },
  ...chunks('response-6', IN_RABBITHOLE_2),
  complete(16, 'response-6', IN_RABBITHOLE_2),
  {
    type: 'rabbithole_exited',
    seq: 17,
    rabbitholeEventId: 'rabbithole-1',
    label: 'Autumn leaves',
    pointsRecalledDuring: 1,
    completionPending: false,
  },
  {
    type: 'show_image',
    seq: 18,
    resourceId: 'image-leaf',
    url: LEAF_IMAGE_URL,
    caption: 'A leaf: the chloroplasts sit in its green cells.',
    mimeType: 'image/jpeg',
  },
  {
    type: 'show_resource',
    seq: 19,
    resourceId: 'resource-equation',
    title: 'The photosynthesis equation',
    snippet: '6 CO2 + 6 H2O + light → C6H12O6 + 6 O2',
  },
  ...chunks('response-7', BACK),
  complete(20, 'response-7', BACK),
  { type: 'user_message', seq: 21, content: 'Oxygen!', clientMessageId: 'c-5' },
  {
    type: 'recall_point_recalled',
    seq: 22,
    pointId: 'point-oxygen',
    pointIndex: 2,
    recalledCount: 3,
    totalPoints: 4,
  },
  {
    type: 'recall_point_recalled',
    seq: 23,
    pointId: 'point-glucose',
    pointIndex: 3,
    recalledCount: 4,
    totalPoints: 4,
  },
  ...chunks('response-8', DONE),
  complete(24, 'response-8', DONE),
  {
    type: 'session_complete_overlay',
    seq: 25,
    message: 'You recalled all 4 points. Keep talking, or finish here.',
    recalledCount: 4,
    totalPoints: 4,
    durationMs: 312_000,
  },
];

/** Where a message of the recording sits, found by its type and a field. */
function indexAfter(predicate: (message: ServerMessage) => boolean): number {
  const index = RECORDED_SESSION.findIndex(predicate);
  if (index === -1) throw new Error('The recording lacks the fixture point');
  return index + 1;
}

const upToSeq = (seq: number) =>
  RECORDED_SESSION.slice(
    0,
    indexAfter((message) => 'seq' in message && message.seq === seq),
  );

const chunkOf = (responseId: string, index: number) => (message: ServerMessage) =>
  message.type === 'assistant_chunk' &&
  message.responseId === responseId &&
  message.index === index;

/**
 * Prefixes of {@link RECORDED_SESSION} that leave the client in each state the components
 * have, plus the few messages that are not part of the recording (pause, errors).
 */
export const SESSION_FIXTURES = {
  /** Nothing received yet: the socket is opening. */
  connecting: [] as readonly ServerMessage[],
  /** The opening question is on screen; the learner has not answered. */
  idle: upToSeq(2),
  /** The learner answered; the agent's reply is halfway through streaming. */
  streaming: RECORDED_SESSION.slice(0, indexAfter(chunkOf('response-2', 1))),
  /** One point recalled; the reply is complete. */
  recalled: upToSeq(5),
  /** A near miss on the second point. */
  nearMiss: upToSeq(8),
  /** A tangent was detected: the rabbit-hole prompt is pending. */
  rabbitholePrompt: upToSeq(11),
  /** Inside the rabbit hole, with a recall made there (counted, not yet displayed). */
  inRabbithole: upToSeq(16),
  /** Back from the rabbit hole, with an image and a resource shown. */
  returned: upToSeq(20),
  /** Every point recalled: the completion overlay is open. */
  overlay: upToSeq(25),
  /** The learner left; the session is paused. */
  paused: [
    ...upToSeq(8),
    { type: 'session_paused', seq: 9, sessionId: SESSION_ID, recalledCount: 1, totalPoints: 4 },
  ] as readonly ServerMessage[],
  /** The model failed mid-reply: the reply is interrupted and the error is shown. */
  error: [
    ...RECORDED_SESSION.slice(0, indexAfter(chunkOf('response-2', 1))),
    {
      type: 'error',
      code: 'LLM_UNAVAILABLE',
      message: 'The model provider is overloaded. Try again in a few seconds.',
      retryAfterMs: 5000,
    },
  ] as readonly ServerMessage[],
} as const satisfies Record<string, readonly ServerMessage[]>;

/** The name of a fixture state. */
export type SessionFixtureName = keyof typeof SESSION_FIXTURES;
