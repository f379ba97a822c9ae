export {
  MessageListRoot as Root,
  MessageListMessage as Message,
  MessageListMarker as Marker,
  MessageListHint as Hint,
} from './message-list';
