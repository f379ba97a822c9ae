export {
  RabbitholePromptRoot as Root,
  RabbitholePromptMessage as Message,
  RabbitholePromptExplore as Explore,
  RabbitholePromptDecline as Decline,
} from './rabbithole-prompt';
