import type { RecallEngine } from '@recall/core';

/**
 * The part of a `RecallEngine` the server drives. Any object with these methods works
 * (a real engine, or an engine-like source in benchmarks).
 */
export type RecallServerEngine = Pick<
  RecallEngine,
  | 'startSession'
  | 'sendUserMessage'
  | 'leaveSession'
  | 'dismissOverlay'
  | 'enterRabbithole'
  | 'exitRabbithole'
  | 'declineRabbithole'
  | 'subscribe'
  | 'close'
>;
