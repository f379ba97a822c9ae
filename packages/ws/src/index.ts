// Public API of @recall/ws (browser-safe). Exports are listed by hand.
// The Node server lives on the `./server` subpath; the browser client in `client/`.

// Wire protocol: message types, schemas, parsers
export {
  CLIENT_MESSAGE_TYPES,
  SERVER_MESSAGE_TYPES,
  TRANSIENT_SERVER_MESSAGE_TYPES,
} from './protocol/message-types';
export type {
  ClientMessageType,
  ServerMessageType,
  TransientServerMessageType,
} from './protocol/message-types';
export { clientMessageSchemas, clientMessageSchema } from './protocol/client-messages';
export type { ClientMessage, ClientMessageOf } from './protocol/client-messages';
export { serverMessageSchemas, serverMessageSchema } from './protocol/server-messages';
export type {
  ServerMessage,
  ServerMessageOf,
  PersistedServerMessage,
} from './protocol/server-messages';
export { parseClientMessage } from './protocol/parse-client-message';
export type { ParseClientMessageOptions } from './protocol/parse-client-message';
export { parseServerMessage } from './protocol/parse-server-message';
export type { ParseServerMessageOptions } from './protocol/parse-server-message';
export { PROTOCOL_PARSE_ERROR_CODES } from './protocol/parse-result';
export type {
  ParseMessageResult,
  ProtocolParseError,
  ProtocolParseErrorCode,
} from './protocol/parse-result';
export {
  DEFAULT_MAX_CLIENT_FRAME_BYTES,
  DEFAULT_MAX_CONTENT_LENGTH,
  DEFAULT_MAX_SERVER_FRAME_BYTES,
  MAX_CLIENT_MESSAGE_ID_LENGTH,
} from './protocol/limits';

// Error codes (the table is core's) and close codes
export { RECALL_ERROR_CODES, isRetryableCode } from '@recall/core';
export type { RecallErrorCode } from '@recall/core';
export { CLOSE_CODES, closeCodeRetryPolicy } from './protocol/close-codes';
export type { CloseCodeInfo, CloseCodeName, CloseRetryPolicy } from './protocol/close-codes';

// Engine event → server message
export { toServerMessage, toHistoryMessage } from './protocol/to-server-message';

// JSON Schema of the protocol
export { getProtocolJsonSchema } from './protocol/json-schema';
export type { JsonSchema } from './protocol/json-schema';

// Client session state (zod-free)
export { createInitialClientState } from './client-state/client-session-state';
export type {
  ClientSessionState,
  ClientSessionStatus,
  ChatMessage,
  ChatMessageStatus,
  CompletionOverlay,
  InitialClientStateOptions,
  NearMiss,
  RabbitholePrompt,
  ShownImage,
  ShownResource,
  StreamCursor,
  WireError,
} from './client-state/client-session-state';
export { reduceClientState } from './client-state/reduce-client-state';
export { applyOutgoingMessage, markConnectionReset } from './client-state/outgoing';
export type { OutgoingClientMessage } from './client-state/outgoing';
export { replayServerMessages } from './client-state/replay-server-messages';

// Resumable client (browser-safe; pass `WebSocket` from `ws` in Node)
export { createRecallClient } from './client/create-recall-client';
export type { RecallClient } from './client/client-options';
export type {
  ConnectionState,
  RecallClientOptions,
  RecallClientSnapshot,
} from './client/client-options';
export { computeReconnectDelay, DEFAULT_RECONNECT_OPTIONS } from './client/backoff';
export type { ReconnectDelayOptions, ReconnectOptions } from './client/backoff';
export type { ClientStorage } from './client/session-persistence';
export type {
  CloseEventLike,
  MessageEventLike,
  WebSocketLike,
  WebSocketLikeConstructor,
} from './client/websocket-like';
