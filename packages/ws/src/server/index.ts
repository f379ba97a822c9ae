// Public API of @recall/ws/server (Node only). Exports are listed by hand.
export { createRecallServer } from './create-recall-server';
export type { RecallServer, RecallServerCloseOptions } from './create-recall-server';
export type {
  AuthenticatedUser,
  RateLimitOptions,
  RecallServerAttachOptions,
  RecallServerBaseOptions,
  RecallServerListenOptions,
  RecallServerOptions,
  RecallServerRoutedOptions,
} from './server-options';
export type {
  ServerLimitOptions,
  SessionStartBudgetOptions,
  SessionStartLimitOptions,
} from './server-limits';
export type { FrameBudgetOptions } from './frame-budget';
export { isHostAllowed, LOOPBACK_HOSTS } from './host-check';
export type { AllowedHosts } from './host-check';
export type { RecallServerEngine } from './engine-port';
export type { LogFields, RecallServerLogger } from './logger';
export { createMemoryRateLimiter } from './rate-limiter';
export type {
  MemoryRateLimiterOptions,
  RateLimitBudget,
  RateLimiter,
  RateLimitRequest,
} from './rate-limiter';
export { createTokenBucket } from './rate-limiter';
export type { TakeResult, TokenBucket, TokenBucketOptions } from './rate-limiter';
export {
  createTranscribeHandler,
  type TranscribeHandler,
  type TranscribeHandlerOptions,
} from './transcribe/index';
