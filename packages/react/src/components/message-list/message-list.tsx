import type {
  TimelineImage,
  TimelineNearMiss,
  TimelineRabbitholeEntered,
  TimelineRabbitholeExited,
  TimelineResource,
} from '@recall/core/view';
import type { ChatMessage, RecallClientSnapshot, TimelineItem } from '@recall/ws';
import { type ReactNode, forwardRef, memo, useMemo } from 'react';
import { assertNever } from '../../internal/assert-never';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useSnapshotSelector } from '../../provider/recall-provider';
import { ResourceCardRoot } from '../resource-card/resource-card';
import { SessionImageRoot } from '../session-image/session-image';

/** A rabbit-hole marker of the timeline: where the learner went in, or came back. */
export type TimelineRabbitholeMarker = TimelineRabbitholeEntered | TimelineRabbitholeExited;

/** Every string the message list shows or announces; replace any of them. */
export interface MessageListLabels {
  /** The log's accessible name. @default 'Conversation' */
  root: string;
  /** Who wrote a message. @default 'You' / 'Agent' */
  author: (message: ChatMessage) => string;
  /** A short note after a message's text for some states, or `null`. */
  status: (message: ChatMessage) => string | null;
  /** A rabbit-hole marker's text. @default 'Exploring: <label>' / 'Back from: <label>' */
  marker: (marker: TimelineRabbitholeMarker) => string;
  /** A near-miss hint's text. @default 'Almost: <feedback>' */
  hint: (hint: TimelineNearMiss) => string;
}

const DEFAULT_LABELS: MessageListLabels = {
  root: 'Conversation',
  author: (message) => (message.role === 'user' ? 'You' : 'Agent'),
  status: (message) => {
    switch (message.status) {
      case 'pending':
        return 'Sending…';
      case 'failed':
        return message.error ? `Not sent: ${message.error.message}` : 'Not sent.';
      case 'interrupted':
        return 'The reply was interrupted.';
      default:
        return null;
    }
  },
  marker: (marker) =>
    marker.kind === 'rabbithole_entered'
      ? `Exploring: ${marker.label}`
      : `Back from: ${marker.label}`,
  hint: (hint) => `Almost: ${hint.feedback}`,
};

/**
 * Renders a message's text in place of the default `<p data-part="content">`, e.g. through
 * `FormattedText` from `@recall/react/voice/formatted-text` for maths and code. Keep its identity
 * stable (module scope or `useCallback`): messages are memoised and re-render when it changes.
 */
export type MessageContentRenderer = (message: ChatMessage) => ReactNode;

/** Slots for each kind of timeline item; return `null` to render nothing. */
export interface MessageListSlots {
  /** A learner or agent message. @default a `MessageList.Message` */
  renderMessage?: ((message: ChatMessage) => ReactNode) | undefined;
  /** An image the agent showed. @default a `SessionImage.Root` */
  renderImage?: ((image: TimelineImage) => ReactNode) | undefined;
  /** A text resource the agent showed. @default a `ResourceCard.Root` */
  renderResource?: ((resource: TimelineResource) => ReactNode) | undefined;
  /** Where the learner went into a rabbit hole or came back. @default a separator with the label */
  renderMarker?: ((marker: TimelineRabbitholeMarker) => ReactNode) | undefined;
  /** Feedback on a point the learner nearly recalled. @default a note with the feedback */
  renderHint?: ((hint: TimelineNearMiss) => ReactNode) | undefined;
}

interface MessageListContext {
  labels: MessageListLabels;
  renderContent: MessageContentRenderer | undefined;
}

const listContext = /* @__PURE__ */ createRequiredContext<MessageListContext>('MessageList.Root');

const selectTimeline = ({ timeline }: RecallClientSnapshot) => timeline;

/** Props of `MessageList.Root`. */
export interface MessageListRootProps
  extends Omit<PrimitiveProps<'div'>, 'children'>,
    MessageListSlots {
  labels?: Partial<MessageListLabels>;
  /** Renders one timeline item (replacing every default and slot). */
  children?: (item: TimelineItem, index: number) => ReactNode;
  /**
   * Renders the text of every `MessageList.Message` in this list that has no `renderContent`
   * of its own.
   * @default the plain text in a `<p data-part="content">`
   *
   * @example
   * import { FormattedText } from '@recall/react/voice/formatted-text';
   * const renderContent = (message: ChatMessage) => (
   *   <FormattedText data-part="content" text={message.content} />
   * );
   * <MessageList.Root renderContent={renderContent} />
   */
  renderContent?: MessageContentRenderer;
}

/**
 * The session's timeline as a `role="log"` region: messages,
 * shown images and resources, rabbit-hole markers and near-miss hints in log order — the same
 * order live, after a reload, in a second tab and in a replay. It follows the throttled
 * subscription: while text streams it renders at most once per frame (or per `throttleMs` of
 * the provider). `data-state` is `"streaming"` while a reply streams.
 */
export const MessageListRoot = /* @__PURE__ */ forwardRef<HTMLDivElement, MessageListRootProps>(
  function MessageListRoot(
    {
      labels,
      children,
      renderContent,
      renderMessage,
      renderImage,
      renderResource,
      renderMarker,
      renderHint,
      ...props
    },
    ref,
  ) {
    const timeline = useSnapshotSelector('MessageList.Root', selectTimeline, undefined, 'stream');
    const context = useMemo(
      () => ({ labels: { ...DEFAULT_LABELS, ...labels }, renderContent }),
      [labels, renderContent],
    );
    const slots: MessageListSlots = {
      renderMessage,
      renderImage,
      renderResource,
      renderMarker,
      renderHint,
    };
    const streaming = timeline.some(
      (item) => item.kind === 'message' && item.status === 'streaming',
    );
    return (
      <listContext.Provider value={context}>
        <Primitive.div
          role="log"
          // Not live: a streamed reply would be read out chunk by chunk. `SessionAnnouncer`
          // announces each reply once it is complete.
          aria-live="off"
          aria-label={context.labels.root}
          data-state={streaming ? 'streaming' : 'idle'}
          {...props}
          ref={ref}
        >
          {timeline.map((item, index) =>
            children ? (
              children(item, index)
            ) : (
              <TimelineEntry key={item.id} item={item} slots={slots} />
            ),
          )}
        </Primitive.div>
      </listContext.Provider>
    );
  },
);

function TimelineEntry({ item, slots }: { item: TimelineItem; slots: MessageListSlots }) {
  switch (item.kind) {
    case 'message':
      return slots.renderMessage ? (
        slots.renderMessage(item)
      ) : (
        <MessageListMessage message={item} />
      );
    case 'image':
      return slots.renderImage ? slots.renderImage(item) : <SessionImageRoot image={item} />;
    case 'resource':
      return slots.renderResource ? (
        slots.renderResource(item)
      ) : (
        <ResourceCardRoot resource={item} />
      );
    case 'rabbithole_entered':
    case 'rabbithole_exited':
      return slots.renderMarker ? slots.renderMarker(item) : <MessageListMarker marker={item} />;
    case 'near_miss':
      return slots.renderHint ? slots.renderHint(item) : <MessageListHint hint={item} />;
    default:
      return assertNever(item, 'timeline item');
  }
}

/** Props of `MessageList.Message`. */
export interface MessageListMessageProps extends PrimitiveProps<'div'> {
  message: ChatMessage;
  /**
   * Renders the message's text in place of the default `<p data-part="content">`; author and
   * status stay. Ignored when the message has `children`.
   * @default the list's `renderContent`, else the plain text
   */
  renderContent?: MessageContentRenderer;
}

const MessageListMessageImpl = /* @__PURE__ */ forwardRef<HTMLDivElement, MessageListMessageProps>(
  function MessageListMessage({ message, children, renderContent, ...props }, ref) {
    const list = useRequiredContext(listContext, 'MessageList.Message');
    const { labels } = list;
    const status = labels.status(message);
    const render = renderContent ?? list.renderContent;
    return (
      <Primitive.div
        data-role={message.role}
        data-state={message.status}
        data-agent={message.agent}
        {...props}
        ref={ref}
      >
        {children ?? (
          <>
            <span data-part="author">{labels.author(message)}</span>
            {render ? render(message) : <p data-part="content">{message.content}</p>}
            {status === null ? null : <span data-part="status">{status}</span>}
          </>
        )}
      </Primitive.div>
    );
  },
);

/**
 * One message: `data-role="user|assistant"`, `data-state` its status (`"streaming"` while
 * it streams), by default its author, text and status note. `renderContent` replaces how
 * the text is rendered, `children` the whole row. Memoised: settled messages keep their
 * identity, so they do not re-render while another one streams.
 */
export const MessageListMessage = /* @__PURE__ */ memo(MessageListMessageImpl);
MessageListMessage.displayName = 'MessageList.Message';

/** Props of `MessageList.Marker`. */
export interface MessageListMarkerProps extends PrimitiveProps<'div'> {
  marker: TimelineRabbitholeMarker;
}

/**
 * Where the learner went into a rabbit hole or came back: a `role="separator"` with
 * `data-kind="rabbithole_entered|rabbithole_exited"` and the label.
 */
export const MessageListMarker = /* @__PURE__ */ forwardRef<HTMLDivElement, MessageListMarkerProps>(
  function MessageListMarker({ marker, children, ...props }, ref) {
    const { labels } = useRequiredContext(listContext, 'MessageList.Marker');
    return (
      <Primitive.div role="separator" data-kind={marker.kind} {...props} ref={ref}>
        {children ?? labels.marker(marker)}
      </Primitive.div>
    );
  },
);

/** Props of `MessageList.Hint`. */
export interface MessageListHintProps extends PrimitiveProps<'p'> {
  hint: TimelineNearMiss;
}

/** A near-miss hint where it was given: `data-kind="near_miss"`, with its feedback. */
export const MessageListHint = /* @__PURE__ */ forwardRef<
  HTMLParagraphElement,
  MessageListHintProps
>(function MessageListHint({ hint, children, ...props }, ref) {
  const { labels } = useRequiredContext(listContext, 'MessageList.Hint');
  return (
    <Primitive.p data-kind="near_miss" data-point-id={hint.pointId} {...props} ref={ref}>
      {children ?? labels.hint(hint)}
    </Primitive.p>
  );
});
