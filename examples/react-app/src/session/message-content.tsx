import type { ChatMessage } from '@recall/ws';
import { FormattedText } from '@recall/react/voice/formatted-text';

/**
 * A message's text with its notation: `$…$` / `$$…$$` maths through KaTeX and backtick code,
 * as the voice pipeline writes them. Module scope, so its identity never changes and settled
 * messages stay memoised while another one streams.
 */
export function renderMessageContent(message: ChatMessage) {
  return <FormattedText data-part="content" text={message.content} />;
}
