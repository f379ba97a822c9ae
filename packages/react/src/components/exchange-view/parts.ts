export {
  ExchangeViewRoot as Root,
  ExchangeViewAgentLabel as AgentLabel,
  ExchangeViewAgentText as AgentText,
  ExchangeViewLearnerText as LearnerText,
} from './exchange-view';
export type {
  ExchangeViewLabels as Labels,
  ExchangeViewRootProps as RootProps,
} from './exchange-view';
