export {
  SessionControlsRoot as Root,
  SessionControlsLeave as Leave,
} from './session-controls';
export type { SessionControlsRootProps as RootProps } from './session-controls';
