// The conversation cues live with the conversation model (the session fold writes them).
export {
  OPENING_CUE,
  RESUME_CUE,
  RETURN_CUE,
  isEngineCue,
  rabbitholeCue,
  topicOfRabbitholeCue,
} from '../model/conversation';
