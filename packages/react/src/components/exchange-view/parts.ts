export {
  ExchangeViewRoot as Root,
  ExchangeViewAgentLabel as AgentLabel,
  ExchangeViewAgentText as AgentText,
  ExchangeViewLearnerText as LearnerText,
} from './exchange-view';
