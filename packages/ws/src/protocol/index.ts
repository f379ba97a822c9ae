// Public API of @recall/ws/protocol: the wire protocol as zod schemas, parsers and constants,
// for servers, tools and tests (the browser client checks frames without zod). Listed by hand.
export { PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol-version';
export { CLIENT_MESSAGE_TYPES, SERVER_MESSAGE_TYPES } from './message-types';
export type { ClientMessageType, ServerMessageType } from './message-types';
export { clientMessageSchemas } from './client-messages';
export type { ClientMessage, ClientMessageOf } from './client-messages';
export { serverMessageSchemas } from './server-messages';
export type { ServerMessage, ServerMessageOf } from './server-messages';
export { parseClientMessage } from './client-messages';
export type { ParseClientMessageOptions } from './client-messages';
export { parseServerMessage } from './parse-server-message';
export type { ParseServerMessageOptions } from './parse-server-message';
export type {
  ParseMessageResult,
  ProtocolParseError,
  ProtocolParseErrorCode,
} from './parse-result';
export {
  DEFAULT_MAX_CLIENT_FRAME_BYTES,
  DEFAULT_MAX_CONTENT_LENGTH,
  DEFAULT_MAX_SERVER_FRAME_BYTES,
  MAX_CLIENT_MESSAGE_ID_LENGTH,
} from './limits';
export { CLOSE_CODES, closeCodeRetryPolicy } from './close-codes';
export type { CloseCodeInfo, CloseCodeName, CloseRetryPolicy } from './close-codes';
export { getProtocolJsonSchema } from './json-schema';
