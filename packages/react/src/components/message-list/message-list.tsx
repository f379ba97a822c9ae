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

const labelsContext = createRequiredContext<MessageListLabels>('MessageList.Root');

const selectMessages = ({ state }: RecallClientSnapshot) => state.messages;

/** Props of `MessageList.Root`. */
export interface MessageListRootProps extends Omit<PrimitiveProps<'div'>, 'children'> {
  labels?: Partial<MessageListLabels>;
  /** Renders one message; by default a `MessageList.Message` with author and text. */
  children?: (message: ChatMessage, index: number) => ReactNode;
}

/**
 * The conversation as a `role="log"` live region (`aria-live="polite"`). It follows the
 * throttled subscription: while text streams it renders at most once per frame (or per
 * `throttleMs` of the provider). `data-state` is `"streaming"` while a reply streams.
 */
export const MessageListRoot = forwardRef<HTMLDivElement, MessageListRootProps>(
  function MessageListRoot({ labels, children, ...props }, ref) {
    const messages = useSnapshotSelector('MessageList.Root', selectMessages, undefined, 'stream');
    const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
    const streaming = messages.some((message) => message.status === 'streaming');
    return (
      <labelsContext.Provider value={mergedLabels}>
        <Primitive.div
          role="log"
          aria-live="polite"
          aria-label={mergedLabels.root}
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
      </labelsContext.Provider>
    );
  },
);

/** Props of `MessageList.Message`. */
export interface MessageListMessageProps extends PrimitiveProps<'div'> {
  message: ChatMessage;
}

const MessageListMessageImpl = forwardRef<HTMLDivElement, MessageListMessageProps>(
  function MessageListMessage({ message, children, ...props }, ref) {
    const labels = useRequiredContext(labelsContext, 'MessageList.Message');
    const status = labels.status(message);
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
            <p data-part="content">{message.content}</p>
            {status === null ? null : <span data-part="status">{status}</span>}
          </>
        )}
      </Primitive.div>
    );
  },
);

/**
 * One message: `data-role="user|assistant"`, `data-state` its status (`"streaming"` while
 * it streams). Memoised: settled messages keep their identity, so they do not re-render
 * while another one streams.
 */
export const MessageListMessage = memo(MessageListMessageImpl);
MessageListMessage.displayName = 'MessageList.Message';
