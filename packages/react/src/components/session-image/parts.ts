export {
  SessionImageRoot as Root,
  SessionImageImage as Image,
  SessionImageCaption as Caption,
} from './session-image';
