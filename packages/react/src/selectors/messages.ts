import type { ChatMessage, RecallClientSnapshot, TimelineItem } from '@recall/ws';

// The messages of one timeline, computed once however many components ask.
const messagesCache = /* @__PURE__ */ new WeakMap<
  readonly TimelineItem[],
  readonly ChatMessage[]
>();

/** The learner and agent messages of the timeline, in order (settled ones keep their identity). */
export function selectMessages({ timeline }: RecallClientSnapshot): readonly ChatMessage[] {
  let messages = messagesCache.get(timeline);
  if (messages === undefined) {
    messages = timeline.filter((item): item is ChatMessage => item.kind === 'message');
    messagesCache.set(timeline, messages);
  }
  return messages;
}

/** The agent reply still streaming, if any. */
export function selectStreamingMessage(snapshot: RecallClientSnapshot): ChatMessage | null {
  const messages = selectMessages(snapshot);
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.status === 'streaming') return message;
  }
  return null;
}
