import type { OutgoingClientMessage } from '../client-state/outgoing';

/** Commands sent or waiting to be sent, oldest first, until the server acknowledges them. */
export type Outbox = readonly OutgoingClientMessage[];

/** The outbox with `message` appended (unless an entry with its id is already queued). */
export function enqueue(outbox: Outbox, message: OutgoingClientMessage): Outbox {
  return outbox.some((entry) => entry.clientMessageId === message.clientMessageId)
    ? outbox
    : [...outbox, message];
}

/** The outbox without the entry with this id; the same array when there is none. */
export function removeEntry(outbox: Outbox, clientMessageId: string): Outbox {
  return outbox.some((entry) => entry.clientMessageId === clientMessageId)
    ? outbox.filter((entry) => entry.clientMessageId !== clientMessageId)
    : outbox;
}
