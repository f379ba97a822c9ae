// Plain constants only (no zod), so clients can check sizes before sending.

/** Default largest client frame, in UTF-8 bytes, that `parseClientMessage` accepts (64 KiB). */
export const DEFAULT_MAX_CLIENT_FRAME_BYTES = 64 * 1024;

/** Default largest `user_message.content`, in characters (UTF-16 code units). */
export const DEFAULT_MAX_CONTENT_LENGTH = 8_000;

/** Default largest server frame, in UTF-8 bytes, that `parseServerMessage` accepts (1 MiB). */
export const DEFAULT_MAX_SERVER_FRAME_BYTES = 1024 * 1024;

/** Longest accepted `clientMessageId`, in characters (a UUID has 36). */
export const MAX_CLIENT_MESSAGE_ID_LENGTH = 128;
