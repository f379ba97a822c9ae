import type { ChatMessage, RecallClientSnapshot } from '@recall/ws';
import { type CSSProperties, forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { shallowEqual } from '../../internal/shallow-equal';
import { useSnapshotSelector } from '../../provider/recall-provider';
import { selectMessages } from '../../selectors/messages';

/** Every string the announcer says; replace any of them. */
export interface SessionAnnouncerLabels {
  /** A recall. @default 'Point recalled: 2 of 5.' */
  recalled: (recalled: number, totalPoints: number) => string;
  /** A finished agent reply. @default 'Agent: <text>' */
  reply: (message: ChatMessage) => string;
}

const DEFAULT_LABELS: SessionAnnouncerLabels = {
  recalled: (recalled, totalPoints) => `Point recalled: ${recalled} of ${totalPoints}.`,
  reply: (message) => `Agent: ${message.content}`,
};

interface Announced {
  active: boolean;
  recalled: number;
  totalPoints: number;
  reply: ChatMessage | null;
}

function selectAnnounced(snapshot: RecallClientSnapshot): Announced {
  const messages = selectMessages(snapshot);
  let reply: ChatMessage | null = null;
  for (let index = messages.length - 1; index >= 0 && reply === null; index -= 1) {
    const message = messages[index] as ChatMessage;
    if (message.role === 'assistant' && message.status === 'complete') reply = message;
  }
  return {
    active: snapshot.status === 'active',
    recalled: snapshot.displayedRecalledCount,
    totalPoints: snapshot.session.totalPoints,
    reply,
  };
}

// Read by screen readers, invisible on screen (the usual visually-hidden recipe).
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Props of `SessionAnnouncer.Root`. */
export interface SessionAnnouncerRootProps extends Omit<PrimitiveProps<'div'>, 'children'> {
  labels?: Partial<SessionAnnouncerLabels>;
}

/**
 * A polite live region (`role="status"`, visually hidden) that tells screen-reader users
 * what happened while they were typing: each recall and each agent reply once it is
 * complete — never every streamed chunk (the conversation's `role="log"` is not live for
 * that reason) and never what a reload or resume loads from the history.
 */
export const SessionAnnouncerRoot = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  SessionAnnouncerRootProps
>(function SessionAnnouncerRoot({ labels, style, ...props }, ref) {
  const announced = useSnapshotSelector('SessionAnnouncer.Root', selectAnnounced, shallowEqual);
  const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
  const previous = useRef<Announced | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    const before = previous.current;
    previous.current = announced;
    // Only what happens live: the history a session opens with is not news.
    if (before === null || !before.active || !announced.active) return;
    const parts: string[] = [];
    if (announced.recalled > before.recalled) {
      parts.push(mergedLabels.recalled(announced.recalled, announced.totalPoints));
    }
    if (announced.reply !== null && announced.reply.id !== before.reply?.id) {
      parts.push(mergedLabels.reply(announced.reply));
    }
    if (parts.length > 0) setText(parts.join(' '));
  }, [announced, mergedLabels]);

  return (
    <Primitive.div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      {...props}
      style={{ ...VISUALLY_HIDDEN, ...style }}
      ref={ref}
    >
      {text}
    </Primitive.div>
  );
});
