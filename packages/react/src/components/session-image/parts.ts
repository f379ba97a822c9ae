export {
  SessionImageRoot as Root,
  SessionImageImage as Image,
  SessionImageCaption as Caption,
} from './session-image';
export type { SessionImageRootProps as RootProps } from './session-image';
