export { SessionAnnouncerRoot as Root } from './session-announcer';
export type {
  SessionAnnouncerLabels as Labels,
  SessionAnnouncerRootProps as RootProps,
} from './session-announcer';
