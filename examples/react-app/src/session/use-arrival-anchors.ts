import { useRef } from 'react';

/**
 * Where to show each shared image or resource inside the conversation: after the message
 * that was last when it arrived. Items present on the first render (a resumed session) go
 * after the last message. Returns one anchor (a message count) per item.
 */
export function useArrivalAnchors(itemCount: number, messageCount: number): readonly number[] {
  const anchors = useRef<number[]>([]);
  while (anchors.current.length < itemCount) anchors.current.push(messageCount);
  if (anchors.current.length > itemCount) anchors.current.length = itemCount;
  return anchors.current;
}
