import type { EngineFeedItem, SessionEvent } from '@recall/core';
import { createFixtureLog } from '@recall/core/testing';
import { recordSession, SESSION_ID } from './recorded-feed';

export { RECORDED_RECALL_SET } from './recorded-feed';

// A recorded session, as the engine's feed delivered it (recorded-feed.ts), and the prefixes of
// it that leave a client in each state the components have.

/** The whole recording: the engine feed (stored events, chunks) in delivery order. */
export const RECORDED_SESSION: readonly EngineFeedItem[] = /* @__PURE__ */ recordSession();

function indexAfter(predicate: (item: EngineFeedItem) => boolean): number {
  const index = RECORDED_SESSION.findIndex(predicate);
  if (index === -1) throw new Error('The recording lacks the fixture point');
  return index + 1;
}

const upTo = (type: SessionEvent['type'], nth = 1) => {
  let seen = 0;
  return RECORDED_SESSION.slice(
    0,
    indexAfter((item) => item.kind === 'event' && item.event.type === type && ++seen === nth),
  );
};

const upToChunk = (responseId: string, index: number) =>
  RECORDED_SESSION.slice(
    0,
    indexAfter(
      (item) =>
        item.kind === 'delta' && item.delta.responseId === responseId && item.delta.index === index,
    ),
  );

const followedBy = (
  prefix: readonly EngineFeedItem[],
  build: (log: ReturnType<typeof createFixtureLog>) => EngineFeedItem[],
) => {
  const events = prefix.flatMap((item) => (item.kind === 'event' ? [item.event] : []));
  let extra = 0;
  const log = createFixtureLog({ sessionId: SESSION_ID, ids: () => `extra-${++extra}` });
  log.store(events);
  return [...prefix, ...build(log)];
};

/**
 * Prefixes of {@link RECORDED_SESSION} that leave a client in each state the components have,
 * plus the few feed items that are not part of the recording (pause, errors).
 */
export const SESSION_FIXTURES = {
  /** Nothing received yet: the socket is opening. */
  connecting: [] as readonly EngineFeedItem[],
  /** The opening question is on screen; the learner has not answered. */
  idle: upTo('assistant_message'),
  /** The learner answered; the agent's reply is halfway through streaming. */
  streaming: upToChunk('response-2', 1),
  /** One point recalled; the reply is complete. */
  recalled: upTo('assistant_message', 2),
  /** A near miss on the second point. */
  nearMiss: upTo('assistant_message', 3),
  /** A tangent was detected: the rabbit-hole prompt is pending. */
  rabbitholePrompt: upTo('rabbithole_detected'),
  /** Inside the rabbit hole, with a recall made there (counted, not yet displayed). */
  inRabbithole: upTo('assistant_message', 6),
  /** Back from the rabbit hole, with an image and a resource shown. */
  returned: upTo('assistant_message', 7),
  /** Every point recalled: the completion overlay is open. */
  overlay: RECORDED_SESSION,
  /** The learner left; the session is paused. */
  paused: /* @__PURE__ */ followedBy(upTo('assistant_message', 3), (log) => [
    {
      kind: 'event',
      event: log.append('session_paused', {
        sessionId: SESSION_ID,
        recalledCount: 1,
        totalPoints: 4,
      }),
    },
  ]),
  /** The model failed mid-reply: the error is shown and the reply was stored as interrupted. */
  error: /* @__PURE__ */ followedBy(upToChunk('response-2', 1), (log) => [
    {
      kind: 'event',
      event: log.append(
        'assistant_streaming_end',
        {
          responseId: 'response-2',
          fullContent: 'Right. And which pigment captures ',
          totalChunks: 2,
        },
        { responseId: 'response-2' },
      ),
    },
    {
      kind: 'event',
      event: log.append(
        'assistant_message',
        { content: 'Right. And which pigment captures ', agent: 'tutor', interrupted: true },
        { responseId: 'response-2' },
      ),
    },
    {
      kind: 'error',
      error: {
        code: 'LLM_UNAVAILABLE',
        message: 'The model provider is overloaded. Try again in a few seconds.',
        retryable: true,
        retryAfterMs: 5000,
      },
    },
  ]),
} as const satisfies Record<string, readonly EngineFeedItem[]>;

/** The name of a fixture state. */
export type SessionFixtureName = keyof typeof SESSION_FIXTURES;
