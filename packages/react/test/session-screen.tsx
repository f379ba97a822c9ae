import {
  CompletionOverlay,
  Composer,
  ConnectionStatus,
  ExchangeView,
  MessageList,
  NearMissHint,
  RabbitholeIndicator,
  RabbitholePrompt,
  ResourceCard,
  SessionAnnouncer,
  SessionControls,
  SessionImage,
  SessionProgress,
} from '../src';

/** Every component with its default parts, as one screen (tests and SSR use it). */
export function SessionScreen() {
  return (
    <main>
      <SessionProgress.Root />
      <RabbitholeIndicator.Root />
      <ConnectionStatus.Root />
      <MessageList.Root />
      <ExchangeView.Root />
      <NearMissHint.Root />
      <SessionImage.Root />
      <ResourceCard.Root />
      <RabbitholePrompt.Root />
      <Composer.Root />
      <SessionControls.Root />
      <CompletionOverlay.Root />
      <SessionAnnouncer.Root />
    </main>
  );
}
