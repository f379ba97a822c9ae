// Public API of @recall/react. Exports are listed by hand; internals stay in internal/.

// Provider and hooks
export { RecallProvider } from './provider/recall-provider';
export type { RecallProviderProps } from './provider/recall-provider';
export type { RecallActions } from './provider/recall-actions';
export type { Throttle } from './store/throttled-store';
export type { EqualityFn } from './store/use-store-selector';
export { useRecallSession } from './hooks/use-recall-session';
export type { RecallSession } from './hooks/use-recall-session';
export { useRecallSelector } from './hooks/use-recall-selector';
export { useRecallActions, useRecallClient } from './hooks/use-recall-actions';
export { useRecallMessages, useRecallTimeline } from './hooks/use-recall-messages';
export { useRecallProgress } from './hooks/use-recall-progress';
export type { RecallProgress } from './selectors/progress';
export { useRabbithole } from './hooks/use-rabbithole';
export type { Rabbithole } from './hooks/use-rabbithole';
export type { RabbitholeState } from './selectors/rabbithole';
export { useCompletionOverlay } from './hooks/use-completion-overlay';
export type { CompletionOverlayState } from './hooks/use-completion-overlay';
export { useConnectionState } from './hooks/use-connection-state';
export type { ConnectionStateView } from './hooks/use-connection-state';
export { useExchange } from './hooks/use-exchange';
export type { Exchange, ExchangePhase } from './selectors/exchange';
export { shallowEqual } from './internal/shallow-equal';

// Headless components: compound parts (`SessionProgress.Root`, …) and their long names.
export * as SessionProgress from './components/session-progress/parts';
export {
  SessionProgressRoot,
  SessionProgressItems,
  SessionProgressItem,
  SessionProgressCount,
  SessionProgressTimer,
  SessionProgressRabbitholeLabels,
  SessionProgressMuteToggle,
} from './components/session-progress/session-progress';
export type {
  ProgressItem,
  ProgressItemState,
  SessionProgressLabels,
  SessionProgressRootProps,
  SessionProgressItemsProps,
  SessionProgressItemProps,
  SessionProgressRabbitholeLabelsProps,
} from './components/session-progress/session-progress';
export type { RecallCueOptions } from './components/session-progress/use-recall-cue';

export * as RabbitholePrompt from './components/rabbithole-prompt/parts';
export {
  RabbitholePromptRoot,
  RabbitholePromptMessage,
  RabbitholePromptExplore,
  RabbitholePromptDecline,
} from './components/rabbithole-prompt/rabbithole-prompt';
export type {
  RabbitholePromptLabels,
  RabbitholePromptRootProps,
} from './components/rabbithole-prompt/rabbithole-prompt';

export * as RabbitholeIndicator from './components/rabbithole-indicator/parts';
export {
  RabbitholeIndicatorRoot,
  RabbitholeIndicatorTopic,
  RabbitholeIndicatorReturn,
} from './components/rabbithole-indicator/rabbithole-indicator';
export type {
  RabbitholeIndicatorLabels,
  RabbitholeIndicatorRootProps,
} from './components/rabbithole-indicator/rabbithole-indicator';

export * as CompletionOverlay from './components/completion-overlay/parts';
export {
  CompletionOverlayRoot,
  CompletionOverlayTitle,
  CompletionOverlayMessage,
  CompletionOverlayContinue,
  CompletionOverlayDone,
} from './components/completion-overlay/completion-overlay';
export type {
  CompletionOverlayLabels,
  CompletionOverlayRootProps,
} from './components/completion-overlay/completion-overlay';

export * as SessionControls from './components/session-controls/parts';
export {
  SessionControlsRoot,
  SessionControlsLeave,
} from './components/session-controls/session-controls';
export type { SessionControlsRootProps } from './components/session-controls/session-controls';

export * as MessageList from './components/message-list/parts';
export {
  MessageListRoot,
  MessageListMessage,
  MessageListMarker,
  MessageListHint,
} from './components/message-list/message-list';
export type {
  MessageContentRenderer,
  MessageListLabels,
  MessageListRootProps,
  MessageListMessageProps,
  MessageListMarkerProps,
  MessageListHintProps,
  MessageListSlots,
  TimelineRabbitholeMarker,
} from './components/message-list/message-list';

export * as Composer from './components/composer/parts';
export {
  ComposerRoot,
  ComposerInput,
  ComposerSubmit,
  ComposerDisabledReason,
} from './components/composer/composer';
export type { ComposerLabels, ComposerRootProps } from './components/composer/composer';
export type { ComposerAvailability } from './components/composer/composer-availability';

export * as ExchangeView from './components/exchange-view/parts';
export {
  ExchangeViewRoot,
  ExchangeViewAgentLabel,
  ExchangeViewAgentText,
  ExchangeViewLearnerText,
} from './components/exchange-view/exchange-view';
export type {
  ExchangeViewLabels,
  ExchangeViewRootProps,
} from './components/exchange-view/exchange-view';

export * as SessionImage from './components/session-image/parts';
export {
  SessionImageRoot,
  SessionImageImage,
  SessionImageCaption,
} from './components/session-image/session-image';
export type { SessionImageRootProps } from './components/session-image/session-image';

export * as ResourceCard from './components/resource-card/parts';
export {
  ResourceCardRoot,
  ResourceCardTitle,
  ResourceCardSnippet,
} from './components/resource-card/resource-card';
export type { ResourceCardRootProps } from './components/resource-card/resource-card';

export * as NearMissHint from './components/near-miss-hint/parts';
export {
  NearMissHintRoot,
  NearMissHintText,
  NearMissHintDismiss,
} from './components/near-miss-hint/near-miss-hint';
export type {
  NearMissHintLabels,
  NearMissHintRootProps,
} from './components/near-miss-hint/near-miss-hint';

export * as ConnectionStatus from './components/connection-status/parts';
export {
  ConnectionStatusRoot,
  ConnectionStatusMessage,
  ConnectionStatusRetry,
} from './components/connection-status/connection-status';
export type {
  ConnectionStatusLabels,
  ConnectionStatusRootProps,
  ConnectionStatusState,
} from './components/connection-status/connection-status';

// Building blocks for your own parts
export { Slot } from './internal/slot';
export type { SlotProps } from './internal/slot';

// Voice input (FormattedText, which bundles KaTeX, is on `@recall/react/formatted-text`)
export { useVoiceInput } from './voice/use-voice-input';
export type {
  UseVoiceInputOptions,
  VoiceInput,
  VoiceButtonProps,
  VoiceInputLabels,
} from './voice/use-voice-input';
export type {
  VoiceInputStatus,
  VoiceInputError,
  VoiceInputErrorCode,
  VoiceServerStatus,
} from './voice/voice-state';
