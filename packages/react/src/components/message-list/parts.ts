export {
  MessageListRoot as Root,
  MessageListMessage as Message,
  MessageListMarker as Marker,
  MessageListHint as Hint,
} from './message-list';
export type {
  MessageContentRenderer as ContentRenderer,
  MessageListLabels as Labels,
  MessageListRootProps as RootProps,
  MessageListMessageProps as MessageProps,
  MessageListMarkerProps as MarkerProps,
  MessageListHintProps as HintProps,
  MessageListSlots as Slots,
  TimelineRabbitholeMarker as RabbitholeMarker,
} from './message-list';
