// Public API of @recall/ws/server (Node only). Exports are listed by hand.
export { createRecallServer } from './create-recall-server';
export type { RecallServer, RecallServerCloseOptions } from './create-recall-server';
export type {
  AuthenticatedUser,
  RateLimitOptions,
  RecallServerOptions,
} from './server-options';
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
export { createTokenBucket } from './token-bucket';
export type { TakeResult, TokenBucket, TokenBucketOptions } from './token-bucket';
export {
  createTranscribeHandler,
  type TranscribeHandler,
  type TranscribeHandlerOptions,
} from './transcribe/index';
