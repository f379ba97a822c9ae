export {
  SessionControlsRoot as Root,
  SessionControlsLeave as Leave,
} from './session-controls';
