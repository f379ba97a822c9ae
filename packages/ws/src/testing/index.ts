// Public API of @recall/ws/testing: a server in the same process for tests and stories.
// Browser-safe: no `node:*`, no `ws`.
export { createInProcessTransport } from './in-process-transport';
export type {
  InProcessEngine,
  InProcessTransport,
  InProcessTransportOptions,
} from './in-process-transport';
