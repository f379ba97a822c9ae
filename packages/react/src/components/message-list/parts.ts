export { MessageListRoot as Root, MessageListMessage as Message } from './message-list';
