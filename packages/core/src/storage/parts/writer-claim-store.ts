/** Options for {@link WriterClaimStore.isResponseLive}: where the response's start is stored. */
export interface ResponseLivenessOptions {
  sessionId: string;
  /** The seq of the response's `assistant_streaming_start`. */
  seq: number;
}

/**
 * The optional part of a {@link StorageAdapter} that tells writers' liveness across
 * processes: marks on the responses a live process is streaming. Implement both methods on a
 * storage shared by several processes so that a dead node's open turn is taken over at once;
 * without them the engine waits `orphanedResponseMs`. PostgreSQL implements both with
 * advisory locks.
 */
export interface WriterClaimStore {
  /**
   * Marks a response as streamed by a live writer of this process until the returned release
   * is called or the process dies (its mark must vanish with it). The engine claims each
   * response before appending its `assistant_streaming_start`.
   */
  claimResponse(responseId: string): Promise<() => Promise<void>>;
  /**
   * Whether a live process holds a {@link WriterClaimStore.claimResponse} mark on the
   * response. The engine passes where its `assistant_streaming_start` is stored, so an adapter
   * can look it up by key.
   */
  isResponseLive(responseId: string, options?: ResponseLivenessOptions): Promise<boolean>;
}
