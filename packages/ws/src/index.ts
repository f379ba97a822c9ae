// Public API of @recall/ws: the browser client (zod-free). Exports are listed by hand.
// The Node server is on `@recall/ws/server`, the zod schemas and parsers of the wire protocol
// on `@recall/ws/protocol`, the in-process test transport on `@recall/ws/testing`.

export { createRecallClient } from './client/create-recall-client';
export type { RecallClient, RecallClientCommands } from './client/create-recall-client';
export type { RecallClientOptions } from './client/client-options';
export { createReplayClient } from './client/replay-client';
export type { ReplayClientOptions } from './client/replay-client';
export type {
  RecallClientSnapshot,
  ConnectionState,
  ClientSessionStatus,
  TimelineItem,
  ChatMessage,
  ChatMessageStatus,
  RabbitholePrompt,
  RabbitholePromptState,
} from './client/snapshot';
export type { WireError } from './client/client-state';
export type { ReconnectOptions } from './client/backoff';
export type { ClientStorage } from './client/persisted-session';
export type { WebSocketLike, WebSocketLikeConstructor } from './client/websocket-like';
