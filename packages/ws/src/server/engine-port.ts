import type { RecallEngine } from '@recall/core';

/**
 * The part of a `RecallEngine` the server drives: it starts or resumes sessions, runs every
 * command through `dispatch`, and subscribes to a session's feed. Any object with these
 * methods works (a real engine, or an engine-like source in benchmarks).
 */
export type RecallServerEngine = Pick<
  RecallEngine,
  'startSession' | 'dispatch' | 'subscribe' | 'close'
>;
