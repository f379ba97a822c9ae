export {
  RabbitholeIndicatorRoot as Root,
  RabbitholeIndicatorTopic as Topic,
  RabbitholeIndicatorReturn as Return,
} from './rabbithole-indicator';
