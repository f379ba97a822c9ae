import type { SessionCommandType } from '@recall/core';
import type { OutgoingClientMessage } from './client-state';
import { readOwnField } from '../protocol/internal/decode-frame';
import { MAX_CLIENT_MESSAGE_ID_LENGTH } from '../protocol/limits';
import { COMMAND_FIELDS } from './generated/command-fields';

/**
 * Reads back one persisted outbox entry without zod (the browser bundle stays small): a
 * known command (by the command catalog's generated table) with a `clientMessageId` and
 * non-blank string fields, as a fresh object holding only those fields; anything else is
 * `null`. The server validates it again on
 * arrival, so this only has to keep foreign or corrupt values out of the outbox.
 */
export function decodeOutgoingMessage(entry: unknown): OutgoingClientMessage | null {
  const type = readOwnField(entry, 'type');
  const clientMessageId = readOwnField(entry, 'clientMessageId');
  if (typeof type !== 'string' || !Object.hasOwn(COMMAND_FIELDS, type)) return null;
  if (
    typeof clientMessageId !== 'string' ||
    clientMessageId.length === 0 ||
    clientMessageId.length > MAX_CLIENT_MESSAGE_ID_LENGTH
  ) {
    return null;
  }
  const message: Record<string, string> = { type, clientMessageId };
  for (const name of COMMAND_FIELDS[type as SessionCommandType]) {
    const value = readOwnField(entry, name);
    if (typeof value !== 'string' || !/\S/.test(value)) return null;
    message[name] = value;
  }
  return message as unknown as OutgoingClientMessage;
}
