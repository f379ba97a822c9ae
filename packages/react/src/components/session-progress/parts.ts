export {
  SessionProgressRoot as Root,
  SessionProgressItems as Items,
  SessionProgressItem as Item,
  SessionProgressCount as Count,
  SessionProgressTimer as Timer,
  SessionProgressRabbitholeLabels as RabbitholeLabels,
  SessionProgressMuteToggle as MuteToggle,
} from './session-progress';
export type {
  ProgressItem,
  ProgressItemState,
  SessionProgressLabels as Labels,
  SessionProgressRootProps as RootProps,
  SessionProgressItemsProps as ItemsProps,
  SessionProgressItemProps as ItemProps,
  SessionProgressRabbitholeLabelsProps as RabbitholeLabelsProps,
} from './session-progress';
export type { RecallCueOptions } from './use-recall-cue';
