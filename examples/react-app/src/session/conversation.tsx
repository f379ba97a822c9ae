import { MessageList, ResourceCard, SessionImage } from '@recall/react';
import type { ShownImage, ShownResource } from '@recall/ws';
import { Fragment, type ReactNode } from 'react';
import { renderMessageContent } from './message-content';

/** A shared image or resource, and after how many messages it appeared. */
export type AnchoredItem =
  | { kind: 'image'; image: ShownImage; anchor: number }
  | { kind: 'resource'; resource: ShownResource; anchor: number };

/**
 * The conversation (`MessageList`, a `role="log"` region) with the images and text
 * resources the Agent shared shown inline, after the message that preceded them. Message
 * text goes through `FormattedText`, so maths and code show formatted.
 */
export function Conversation(props: { items: readonly AnchoredItem[]; empty?: ReactNode }) {
  const { items } = props;
  return (
    <MessageList.Root className="messages" renderContent={renderMessageContent}>
      {(message, index) => (
        <Fragment key={message.id}>
          <MessageList.Message message={message} className="message" />
          {items
            .filter((item) => Math.max(item.anchor, 1) === index + 1)
            .map((item, itemIndex) =>
              item.kind === 'image' ? (
                <SessionImage.Root
                  // biome-ignore lint/suspicious/noArrayIndexKey: items only ever append.
                  key={`image-${item.image.resourceId}-${itemIndex}`}
                  image={item.image}
                  className="shared shared-image"
                >
                  <SessionImage.Image loading="lazy" />
                  <SessionImage.Caption />
                </SessionImage.Root>
              ) : (
                <ResourceCard.Root
                  // biome-ignore lint/suspicious/noArrayIndexKey: items only ever append.
                  key={`resource-${item.resource.resourceId}-${itemIndex}`}
                  resource={item.resource}
                  className="shared shared-resource"
                >
                  <ResourceCard.Title />
                  <ResourceCard.Snippet />
                </ResourceCard.Root>
              ),
            )}
        </Fragment>
      )}
    </MessageList.Root>
  );
}
