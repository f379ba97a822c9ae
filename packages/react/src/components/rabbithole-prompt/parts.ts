export {
  RabbitholePromptRoot as Root,
  RabbitholePromptMessage as Message,
  RabbitholePromptExplore as Explore,
  RabbitholePromptDecline as Decline,
} from './rabbithole-prompt';
export type {
  RabbitholePromptLabels as Labels,
  RabbitholePromptRootProps as RootProps,
} from './rabbithole-prompt';
