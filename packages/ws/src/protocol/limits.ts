// Plain constants only (no zod), so clients can check sizes before sending.

/**
 * Default largest client frame, in UTF-8 bytes, that `parseClientMessage` accepts (32 KiB).
 * The largest legitimate frame is a `user_message` of 8,000 characters that each take 3 UTF-8
 * bytes (Chinese, Japanese, Korean text) with a 128-character `clientMessageId`: about
 * 24.2 KB, so 32 KiB leaves a third to spare (newlines and quotes escape to 2 bytes).
 */
export const DEFAULT_MAX_CLIENT_FRAME_BYTES = 32 * 1024;

/** Default largest `user_message.content`, in characters (UTF-16 code units). */
export const DEFAULT_MAX_CONTENT_LENGTH = 8_000;

/** Default largest server frame, in UTF-8 bytes, that `parseServerMessage` accepts (1 MiB). */
export const DEFAULT_MAX_SERVER_FRAME_BYTES = 1024 * 1024;

/** Longest accepted `clientMessageId`, in characters (a UUID has 36). */
export const MAX_CLIENT_MESSAGE_ID_LENGTH = 128;
