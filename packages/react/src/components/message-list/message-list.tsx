import type { ChatMessage, RecallClientSnapshot } from '@recall/ws';
import { type ReactNode, forwardRef, memo, useMemo } from 'react';
import { createRequiredContext, useRequiredContext } from '../../internal/create-required-context';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useSnapshotSelector } from '../../hooks/use-snapshot-selector';

/** Every string the message list shows or announces; replace any of them. */
export interface MessageListLabels {
  /** The log's accessible name. @default 'Conversation' */
  root: string;
  /** Who wrote a message. @default 'You' / 'Agent' */
  author: (message: ChatMessage) => string;
  /** A short note after a message's text for some states, or `null`. */
  status: (message: ChatMessage) => string | null;
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
};

/**
 * Renders a message's text in place of the default `<p data-part="content">`, e.g. through
 * `FormattedText` from `@recall/react/formatted-text` for maths and code. Keep its identity
 * stable (module scope or `useCallback`): messages are memoised and re-render when it changes.
 */
export type MessageContentRenderer = (message: ChatMessage) => ReactNode;

interface MessageListContext {
  labels: MessageListLabels;
  renderContent: MessageContentRenderer | undefined;
}

const listContext = createRequiredContext<MessageListContext>('MessageList.Root');

const selectMessages = ({ state }: RecallClientSnapshot) => state.messages;

/** Props of `MessageList.Root`. */
export interface MessageListRootProps extends Omit<PrimitiveProps<'div'>, 'children'> {
  labels?: Partial<MessageListLabels>;
  /** Renders one message; by default a `MessageList.Message` with author and text. */
  children?: (message: ChatMessage, index: number) => ReactNode;
  /**
   * Renders the text of every `MessageList.Message` in this list that has no `renderContent`
   * of its own.
   * @default the plain text in a `<p data-part="content">`
   *
   * @example
   * import { FormattedText } from '@recall/react/formatted-text';
   * const renderContent = (message: ChatMessage) => (
   *   <FormattedText data-part="content" text={message.content} />
   * );
   * <MessageList.Root renderContent={renderContent} />
   */
  renderContent?: MessageContentRenderer;
}

/**
 * The conversation as a `role="log"` live region (`aria-live="polite"`). It follows the
 * throttled subscription: while text streams it renders at most once per frame (or per
 * `throttleMs` of the provider). `data-state` is `"streaming"` while a reply streams.
 */
export const MessageListRoot = forwardRef<HTMLDivElement, MessageListRootProps>(
  function MessageListRoot({ labels, children, renderContent, ...props }, ref) {
    const messages = useSnapshotSelector('MessageList.Root', selectMessages, undefined, 'stream');
    const context = useMemo(
      () => ({ labels: { ...DEFAULT_LABELS, ...labels }, renderContent }),
      [labels, renderContent],
    );
    const streaming = messages.some((message) => message.status === 'streaming');
    return (
      <listContext.Provider value={context}>
        <Primitive.div
          role="log"
          aria-live="polite"
          aria-label={context.labels.root}
          data-state={streaming ? 'streaming' : 'idle'}
          {...props}
          ref={ref}
        >
          {messages.map((message, index) =>
            children ? (
              children(message, index)
            ) : (
              <MessageListMessage key={message.id} message={message} />
            ),
          )}
        </Primitive.div>
      </listContext.Provider>
    );
  },
);

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

const MessageListMessageImpl = forwardRef<HTMLDivElement, MessageListMessageProps>(
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
export const MessageListMessage = memo(MessageListMessageImpl);
MessageListMessage.displayName = 'MessageList.Message';
