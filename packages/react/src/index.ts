// Public API of @recall/react. Exports are listed by hand; internals stay in internal/.
// Voice input is on `@recall/react/voice`, FormattedText (KaTeX) on
// `@recall/react/voice/formatted-text` (deprecated alias: `@recall/react/formatted-text`),
// test sessions and recorded fixtures on `@recall/react/testing`.

// Provider and hooks
export { RecallProvider } from './provider/recall-provider';
export type { RecallProviderProps } from './provider/recall-provider';
export type { RecallActions } from './provider/recall-actions';
export type { Throttle } from './provider/recall-provider';
export { useRecallSession } from './hooks/use-recall-session';
export type { RecallSession, UseRecallSessionOptions } from './hooks/use-recall-session';
export type { RecallSessionTarget } from './owned-client/use-owned-client';
export { useRecallSelector } from './hooks/use-recall-selector';
export { useRecallActions, useRecallClient } from './hooks/use-recall-actions';
export { useRecallMessages, useRecallTimeline } from './hooks/use-recall-messages';
export { useRecallProgress } from './hooks/use-recall-progress';
export type { RecallProgress } from './selectors/progress';
export { useRabbithole } from './hooks/use-rabbithole';
export type { Rabbithole } from './hooks/use-rabbithole';
export { useCompletionOverlay } from './hooks/use-completion-overlay';
export type { CompletionOverlayState } from './hooks/use-completion-overlay';
export { useConnectionState } from './hooks/use-connection-state';
export type { ConnectionStateView } from './hooks/use-connection-state';
export { useExchange } from './hooks/use-exchange';
export type { Exchange } from './selectors/exchange';

// Headless components, as compound parts: `SessionProgress.Root`, `SessionProgress.RootProps`, …
export * as SessionProgress from './components/session-progress/parts';
export * as RabbitholePrompt from './components/rabbithole-prompt/parts';
export * as RabbitholeIndicator from './components/rabbithole-indicator/parts';
export * as CompletionOverlay from './components/completion-overlay/parts';
export * as SessionControls from './components/session-controls/parts';
export * as MessageList from './components/message-list/parts';
export * as Composer from './components/composer/parts';
export * as ExchangeView from './components/exchange-view/parts';
export * as SessionImage from './components/session-image/parts';
export * as ResourceCard from './components/resource-card/parts';
export * as NearMissHint from './components/near-miss-hint/parts';
export * as ConnectionStatus from './components/connection-status/parts';
export * as SessionAnnouncer from './components/session-announcer/parts';

// Building block for your own parts (`asChild`)
export { Slot } from './internal/slot';
export type { SlotProps } from './internal/slot';
