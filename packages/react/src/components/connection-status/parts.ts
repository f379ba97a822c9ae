export {
  ConnectionStatusRoot as Root,
  ConnectionStatusMessage as Message,
  ConnectionStatusRetry as Retry,
} from './connection-status';
export type {
  ConnectionStatusLabels as Labels,
  ConnectionStatusRootProps as RootProps,
  ConnectionStatusState as State,
} from './connection-status';
