import { MessageList, ResourceCard, SessionImage } from '@recall/react';
import type { ReactNode } from 'react';
import { renderMessageContent } from './message-content';

const renderMessage: NonNullable<MessageList.Slots['renderMessage']> = (message) => (
  <MessageList.Message key={message.id} message={message} className="message" />
);

const renderImage: NonNullable<MessageList.Slots['renderImage']> = (image) => (
  <SessionImage.Root key={image.id} image={image} className="shared shared-image">
    <SessionImage.Image loading="lazy" />
    <SessionImage.Caption />
  </SessionImage.Root>
);

const renderResource: NonNullable<MessageList.Slots['renderResource']> = (resource) => (
  <ResourceCard.Root key={resource.id} resource={resource} className="shared shared-resource">
    <ResourceCard.Title />
    <ResourceCard.Snippet />
  </ResourceCard.Root>
);

const renderMarker = (marker: MessageList.RabbitholeMarker): ReactNode => (
  <MessageList.Marker key={marker.id} marker={marker} className="transcript-marker" />
);

// The live hint shows in the session's NearMissHint; the timeline keeps no copy of it.
const renderHint = () => null;

/**
 * The conversation: the session's timeline (`MessageList`, a `role="log"` region) with the
 * images and text resources the Agent shared and the rabbit-hole markers, each where the log
 * put it — the same order live, after a reload and in a replay. Message text goes through
 * `FormattedText`, so maths and code show formatted.
 */
export function Conversation(props: { label?: string; hints?: boolean }) {
  return (
    <MessageList.Root
      className="messages"
      {...(props.label === undefined ? {} : { labels: { root: props.label } })}
      renderContent={renderMessageContent}
      renderMessage={renderMessage}
      renderImage={renderImage}
      renderResource={renderResource}
      renderMarker={renderMarker}
      {...(props.hints ? {} : { renderHint })}
    />
  );
}
