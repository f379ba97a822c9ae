/**
 * Every error code Recall produces, with whether retrying the same request can succeed.
 * On the wire an error is plain data `{ code, message }`; clients decide on `retryable`.
 */
export const RECALL_ERROR_CODES = {
  // Input from a client
  INVALID_JSON: { retryable: false, description: 'The frame is not valid JSON.' },
  INVALID_MESSAGE: { retryable: false, description: 'A field is missing or has the wrong type.' },
  UNKNOWN_MESSAGE_TYPE: {
    retryable: false,
    description: 'The message type is not part of the protocol.',
  },
  MESSAGE_TOO_LARGE: {
    retryable: false,
    description: 'The frame or its content exceeds the size limit.',
  },
  RATE_LIMITED: { retryable: true, description: 'Too many commands; retry after `retryAfterMs`.' },
  UNSUPPORTED_PROTOCOL: {
    retryable: false,
    description:
      'The client offers no protocol version (WebSocket subprotocol) the server speaks; the message names the supported ones.',
  },
  UNAUTHORIZED: { retryable: false, description: 'The request carries no valid credentials.' },
  FORBIDDEN: { retryable: false, description: 'The caller may not access this session.' },
  DUPLICATE_CLIENT_MESSAGE_ID: {
    retryable: false,
    description:
      'The `clientMessageId` was already used for a different command or message content; use a new id.',
  },
  // Domain
  RECALL_SET_NOT_FOUND: { retryable: false, description: 'No recall set has this id.' },
  RECALL_SET_ARCHIVED: { retryable: false, description: 'The recall set is archived.' },
  RECALL_SET_EMPTY: { retryable: false, description: 'The recall set has no recall points.' },
  SESSION_NOT_FOUND: { retryable: false, description: 'No session has this id.' },
  SESSION_ENDED: { retryable: false, description: 'The session is completed or abandoned.' },
  RABBITHOLE_NOT_PENDING: { retryable: false, description: 'No pending rabbit hole has this id.' },
  RABBITHOLE_ALREADY_ACTIVE: { retryable: false, description: 'A rabbit hole is already open.' },
  NOT_IN_RABBITHOLE: { retryable: false, description: 'The session is not in a rabbit hole.' },
  SESSION_BUSY: {
    retryable: true,
    description:
      'The session already has a running turn and one queued; the message was not stored. Send it again after `retryAfterMs`.',
  },
  BUDGET_EXCEEDED: {
    retryable: true,
    description:
      "The day's model-spend budget (the learner's or the whole service's) is used up; the learner's message is stored, the reply is refused. Send again after `retryAfterMs`, when the budget resets (UTC midnight).",
  },
  // Storage
  CONCURRENCY_CONFLICT: { retryable: true, description: 'Another writer appended first.' },
  STORAGE_UNAVAILABLE: {
    retryable: true,
    description: 'The storage backend could not be reached.',
  },
  STORAGE_LOCKED: {
    retryable: false,
    description: 'Another process holds the database directory.',
  },
  STORAGE_INCOMPATIBLE: {
    retryable: false,
    description: 'The database is not a Recall database or is newer.',
  },
  // Models
  LLM_AUTH: { retryable: false, description: 'The model provider rejected the credentials.' },
  LLM_BAD_REQUEST: { retryable: false, description: 'The model provider rejected the request.' },
  LLM_RATE_LIMITED: { retryable: true, description: 'The model provider is rate limiting.' },
  LLM_UNAVAILABLE: {
    retryable: true,
    description: 'The model provider is overloaded or unreachable.',
  },
  LLM_TIMEOUT: { retryable: true, description: 'The model stopped responding.' },
  LLM_INTERRUPTED: {
    retryable: true,
    description: 'The response broke off mid-stream; send again.',
  },
  LLM_OUTPUT_INVALID: {
    retryable: true,
    description: 'The model output did not match the schema.',
  },
  LLM_CONTEXT_TOO_LONG: {
    retryable: false,
    description: "The prompt exceeds the model's context window; use a model with a longer one.",
  },
  LLM_CONTENT_FILTERED: {
    retryable: false,
    description: "The provider's content filter blocked the prompt or the response.",
  },
  // Voice
  VOICE_NOT_CONFIGURED: {
    retryable: false,
    description: 'No transcription adapter is configured.',
  },
  TRANSCRIPTION_FAILED: { retryable: true, description: 'Transcribing the audio failed.' },
  // Set-up
  PEER_DEPENDENCY_MISSING: {
    retryable: false,
    description:
      'An optional peer dependency is not installed; the message names the package to install.',
  },
  // Anything else
  ABORTED: { retryable: false, description: 'The operation was cancelled.' },
  INTERNAL_ERROR: { retryable: true, description: 'An unexpected server error.' },
} as const satisfies Record<string, { retryable: boolean; description: string }>;

/** A stable Recall error code. */
export type RecallErrorCode = keyof typeof RECALL_ERROR_CODES;

/** Whether an error with this code may succeed when retried. */
export function isRetryableCode(code: RecallErrorCode): boolean {
  return RECALL_ERROR_CODES[code].retryable;
}
