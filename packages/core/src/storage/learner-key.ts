/**
 * The key under which storage keeps the anonymous learner's state. User ids are non-empty, so
 * no user can ever share it.
 */
export const ANONYMOUS_LEARNER_KEY = '';

/**
 * The storage key of a learner: the user id, or {@link ANONYMOUS_LEARNER_KEY} when it is
 * omitted. Throws a `TypeError` for an empty user id, which would alias the anonymous learner.
 */
export function learnerKey(userId: string | undefined): string {
  if (userId === undefined) return ANONYMOUS_LEARNER_KEY;
  if (typeof userId !== 'string' || userId.length === 0) {
    throw new TypeError(
      'userId must be a non-empty string; leave it out for the anonymous learner.',
    );
  }
  return userId;
}
