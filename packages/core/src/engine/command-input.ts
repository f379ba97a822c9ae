import { RecallError } from '../errors/recall-error';
import { findUnstorableText, isBlankText, type UnstorableReason } from '../text/storable-text';

const REASONS: Record<UnstorableReason, string> = {
  nul: 'Must not contain a NUL character (U+0000).',
  'unpaired-surrogate': 'Must not contain an unpaired UTF-16 surrogate.',
};

/**
 * The engine's own check of text it is handed (ids, learner text), run before anything is
 * read or stored, so a direct caller gets the same typed refusal on every storage: a
 * `RecallError` `INVALID_MESSAGE` that names the field. `undefined` fields are skipped.
 */
export function assertStorableInput(fields: Record<string, string | undefined>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      throw new RecallError('INVALID_MESSAGE', `${field}: Expected a string.`);
    }
    const reason = findUnstorableText(value);
    if (reason !== null) throw new RecallError('INVALID_MESSAGE', `${field}: ${REASONS[reason]}`);
  }
}

/** {@link assertStorableInput} for a learner message, which also must show something. */
export function assertLearnerMessage(fields: {
  sessionId: string;
  content: string;
  clientMessageId: string | undefined;
}): void {
  assertStorableInput(fields);
  if (isBlankText(fields.content)) {
    throw new RecallError('INVALID_MESSAGE', 'content: The message is empty.');
  }
}
