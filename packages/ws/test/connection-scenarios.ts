import { RecallError, type StorageAdapter } from '@recall/core';
import {
  type ConnectionScenario,
  type ScenarioFixture,
  type ScenarioStep,
  withEngineFailures,
} from './harness/connection-hosts';

const resume = (fixture: ScenarioFixture, afterSeq: number | string = fixture.head) =>
  `sessionId=${fixture.aliceSession}&afterSeq=${afterSeq}`;
const historyEnd: ScenarioStep = { await: { type: 'history_end' } };
const ping: ScenarioStep[] = [{ send: { type: 'ping' } }, { await: { type: 'pong' } }];
const dismiss = (clientMessageId: string): ScenarioStep => ({
  send: { type: 'dismiss_overlay', clientMessageId },
});
const slow = { burst: 1, refillPerSecond: 0.001 };
/** A connection answered with one `error` frame of `code`, then closed with `close`. */
const refused = (
  name: string,
  query: ConnectionScenario['query'],
  [code, close]: [string, number],
): ConnectionScenario => ({ name, query, expected: { opened: true, errors: [code], close } });
const FORBIDDEN: [string, number] = ['FORBIDDEN', 4003];
const INVALID_RESUME: [string, number] = ['INVALID_MESSAGE', 4009];
const reject = (error: unknown) => () => Promise.reject(error);
const storageFailing = (storage: StorageAdapter, method: 'getSession' | 'getRecallSet') =>
  withEngineFailures(storage, { [method]: reject(new Error('disk on fire')) });

/** The table: refusals, resume, malformed input, engine failures, rate limits, budgets. */
export const CONNECTION_SCENARIOS: readonly ConnectionScenario[] = [
  {
    name: 'a resume from seq 0 sends the whole history, then history_end',
    query: (fixture) => resume(fixture, 0),
    steps: [historyEnd],
    expected: { opened: true, errors: [] },
  },
  {
    name: 'a resume from seq 2 sends only the events after it',
    query: (fixture) => resume(fixture, 2),
    steps: [historyEnd],
    expected: { opened: true, errors: [] },
  },
  refused(
    'a resume past the head is refused with INVALID_RESUME',
    (fixture) => resume(fixture, fixture.head + 5),
    INVALID_RESUME,
  ),
  refused(
    'a malformed afterSeq is refused with INVALID_RESUME, never resumed from 0',
    (fixture) => resume(fixture, 'abc'),
    INVALID_RESUME,
  ),
  refused(
    "another user's session is refused with FORBIDDEN",
    (fixture) => `sessionId=${fixture.bobSession}`,
    FORBIDDEN,
  ),
  refused(
    'an unknown session gets the same FORBIDDEN',
    () => 'sessionId=no-such-session',
    FORBIDDEN,
  ),
  refused(
    "another user's recall set is refused with FORBIDDEN",
    () => 'recallSetId=bob-set',
    FORBIDDEN,
  ),
  refused(
    'an unknown recall set gets the same FORBIDDEN',
    () => 'recallSetId=no-such-set',
    FORBIDDEN,
  ),
  {
    name: 'a malformed connection request is refused before any socket opens',
    query: (fixture) => `recallSetId=cell-energy&sessionId=${fixture.aliceSession}`,
    expected: { opened: false, errors: [], close: 1006 },
  },
  {
    name: 'an unsupported protocol version is answered, then closed',
    query: (fixture) => resume(fixture),
    protocols: ['recall.v0'],
    expected: { opened: true, errors: ['UNSUPPORTED_PROTOCOL'], close: 4002 },
  },
  {
    name: 'a ping is answered with a pong',
    query: (fixture) => resume(fixture),
    steps: [historyEnd, ...ping],
    expected: { opened: true, errors: [] },
  },
  {
    name: 'malformed JSON, an unknown type and an invalid message are answered; the socket stays',
    query: (fixture) => resume(fixture),
    steps: [
      historyEnd,
      { send: '{"type": "user_message", ' },
      { await: { code: 'INVALID_JSON' } },
      { send: { type: 'shout', clientMessageId: 'c-1' } },
      { await: { code: 'UNKNOWN_MESSAGE_TYPE' } },
      { send: { type: 'user_message', clientMessageId: 'c-2' } },
      { await: { code: 'INVALID_MESSAGE' } },
      ...ping,
    ],
    expected: {
      opened: true,
      errors: ['INVALID_JSON', 'UNKNOWN_MESSAGE_TYPE', 'INVALID_MESSAGE'],
    },
  },
  {
    name: 'content over maxContentLength is refused with MESSAGE_TOO_LARGE',
    limits: { maxContentLength: 10, maxPayload: 1024 },
    query: (fixture) => resume(fixture),
    steps: [
      historyEnd,
      { send: { type: 'user_message', content: 'x'.repeat(11), clientMessageId: 'c-1' } },
      { await: { code: 'MESSAGE_TOO_LARGE' } },
    ],
    expected: { opened: true, errors: ['MESSAGE_TOO_LARGE'] },
  },
  {
    name: 'a frame over maxPayload closes the socket with 1009',
    limits: { maxContentLength: 10, maxPayload: 1024 },
    query: (fixture) => resume(fixture),
    steps: [historyEnd, { send: 'x'.repeat(1025) }],
    expected: { opened: true, errors: [], close: 1009 },
  },
  {
    name: 'a command to a paused session is answered SESSION_ENDED; the socket stays',
    query: (fixture) => resume(fixture),
    steps: [
      historyEnd,
      { send: { type: 'leave_session', clientMessageId: 'c-1' } },
      { await: { type: 'ack' } },
      { send: { type: 'user_message', content: 'Still here?', clientMessageId: 'c-2' } },
      { await: { code: 'SESSION_ENDED' } },
    ],
    expected: { opened: true, errors: ['SESSION_ENDED'] },
  },
  {
    name: 'a command that fails inside the engine is answered INTERNAL_ERROR, nothing more',
    failures: ({ engine }) => ({
      engine: withEngineFailures(engine, {
        sendUserMessage: reject(new Error('secret detail')),
        dispatch: reject(new Error('secret detail')),
      }),
    }),
    query: (fixture) => resume(fixture),
    steps: [
      historyEnd,
      { send: { type: 'user_message', content: 'Hello', clientMessageId: 'c-1' } },
      { await: { code: 'INTERNAL_ERROR' } },
    ],
    expected: { opened: true, errors: ['INTERNAL_ERROR'] },
  },
  {
    name: 'SESSION_NOT_FOUND while starting a session is refused as FORBIDDEN',
    failures: ({ engine }) => ({
      engine: withEngineFailures(engine, {
        startSession: reject(new RecallError('SESSION_NOT_FOUND', 'gone')),
      }),
    }),
    query: () => 'recallSetId=cell-energy',
    expected: { opened: true, errors: ['FORBIDDEN'], close: 4003 },
  },
  {
    name: 'a final engine refusal while starting closes with SESSION_ENDED',
    failures: ({ engine }) => ({
      engine: withEngineFailures(engine, {
        startSession: reject(new RecallError('RECALL_SET_ARCHIVED', 'The set is archived.')),
      }),
    }),
    query: () => 'recallSetId=cell-energy',
    expected: { opened: true, errors: ['RECALL_SET_ARCHIVED'], close: 4000 },
  },
  {
    name: 'a storage failure while resolving is INTERNAL_ERROR with close 1011',
    failures: ({ storage }) => ({ storage: storageFailing(storage, 'getSession') }),
    query: (fixture) => resume(fixture),
    expected: { opened: true, errors: ['INTERNAL_ERROR'], close: 1011 },
  },
  {
    name: 'a failed subscription is answered, then closed with 1011',
    failures: ({ engine }) => ({
      engine: withEngineFailures(engine, {
        subscribe: () => {
          throw new Error('feed down');
        },
      }),
    }),
    query: (fixture) => resume(fixture),
    expected: { opened: true, errors: ['INTERNAL_ERROR'], close: 1011 },
  },
  {
    name: "commands over the connection's rate limit are refused with RATE_LIMITED",
    limits: { rateLimit: { burst: 2, refillPerSecond: 0.001 }, userRateLimit: false },
    query: (fixture) => resume(fixture),
    steps: [
      historyEnd,
      ...[dismiss('c-1'), { await: { type: 'ack' } }, dismiss('c-2'), { await: { type: 'ack' } }],
      dismiss('c-3'),
      { await: { code: 'RATE_LIMITED' } },
    ],
    expected: { opened: true, errors: ['RATE_LIMITED'] },
  },
  {
    name: "commands over the user's rate limit are refused with RATE_LIMITED",
    limits: { rateLimit: false, userRateLimit: slow },
    query: (fixture) => resume(fixture),
    steps: [
      historyEnd,
      dismiss('c-1'),
      { await: { type: 'ack' } },
      dismiss('c-2'),
      { await: { code: 'RATE_LIMITED' } },
    ],
    expected: { opened: true, errors: ['RATE_LIMITED'] },
  },
  {
    name: 'frames over the frame budget are refused unread with RATE_LIMITED',
    limits: {
      frameBudget: { burstFrames: 2, framesPerSecond: 0.001 },
      userFrameBudget: false,
    },
    query: (fixture) => resume(fixture),
    steps: [
      historyEnd,
      ...ping,
      ...ping,
      { send: { type: 'ping' } },
      { await: { code: 'RATE_LIMITED' } },
    ],
    expected: { opened: true, errors: ['RATE_LIMITED'] },
  },
  {
    name: 'a socket that keeps sending refused frames is closed with FRAME_FLOOD',
    limits: { refusedFrameLimit: { burst: 2, refillPerSecond: 0.001 } },
    query: (fixture) => resume(fixture),
    steps: [
      historyEnd,
      { send: '{' },
      { await: { code: 'INVALID_JSON' } },
      { send: '{' },
      { await: { code: 'INVALID_JSON' } },
      { send: '{' },
    ],
    expected: {
      opened: true,
      errors: ['INVALID_JSON', 'INVALID_JSON', 'RATE_LIMITED'],
      close: 4030,
    },
  },
  {
    name: 'connections over the connection rate limit are refused with RATE_LIMITED',
    limits: { connectionRateLimit: slow },
    before: (fixture) => [resume(fixture)],
    query: (fixture) => resume(fixture),
    expected: { opened: true, errors: ['RATE_LIMITED'], close: 4029 },
  },
  {
    name: 'sockets over maxSocketsPerUser are refused with RATE_LIMITED',
    limits: { maxSocketsPerUser: 1 },
    before: (fixture) => [resume(fixture)],
    query: (fixture) => resume(fixture),
    expected: { opened: true, errors: ['RATE_LIMITED'], close: 4029 },
  },
  {
    name: "session starts over the user's budget are refused with RATE_LIMITED",
    limits: { sessionStartLimit: { perUser: slow, perAddress: false } },
    before: () => ['recallSetId=cell-energy'],
    query: () => 'recallSetId=cell-energy',
    expected: { opened: true, errors: ['RATE_LIMITED'], close: 4029 },
  },
  {
    name: "session starts over the address's budget are refused with RATE_LIMITED",
    limits: { sessionStartLimit: { perUser: false, perAddress: slow } },
    before: () => ['recallSetId=cell-energy'],
    query: () => 'recallSetId=cell-energy',
    expected: { opened: true, errors: ['RATE_LIMITED'], close: 4029 },
  },
];
