// The conversation cues live with the turn rules (the session fold writes them).
export {
  OPENING_CUE,
  RESUME_CUE,
  RETURN_CUE,
  isEngineCue,
  rabbitholeCue,
  topicOfRabbitholeCue,
} from '../session/turn-rules';
