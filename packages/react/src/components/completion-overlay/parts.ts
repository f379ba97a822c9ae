export {
  CompletionOverlayRoot as Root,
  CompletionOverlayTitle as Title,
  CompletionOverlayMessage as Message,
  CompletionOverlayContinue as Continue,
  CompletionOverlayDone as Done,
} from './completion-overlay';
export type {
  CompletionOverlayLabels as Labels,
  CompletionOverlayRootProps as RootProps,
} from './completion-overlay';
