export {
  ConnectionStatusRoot as Root,
  ConnectionStatusMessage as Message,
  ConnectionStatusRetry as Retry,
} from './connection-status';
