export {
  RabbitholeIndicatorRoot as Root,
  RabbitholeIndicatorTopic as Topic,
  RabbitholeIndicatorReturn as Return,
} from './rabbithole-indicator';
export type {
  RabbitholeIndicatorLabels as Labels,
  RabbitholeIndicatorRootProps as RootProps,
} from './rabbithole-indicator';
