import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Keys that scroll the page when the focus is not in a text field. */
const SCROLL_KEYS = new Set(['ArrowUp', 'PageUp', 'Home', ' ']);
/** How close to the bottom still counts as "at the bottom". */
const NEAR_BOTTOM_PX = 120;

/** What {@link useStickToBottom} tells the page. */
export interface StickToBottom {
  /** The reader scrolled up on purpose and something new arrived below. */
  hasNewBelow: boolean;
  /** Scrolls to the newest content and follows it again. */
  scrollToLatest(): void;
}

/**
 * Keeps the page scrolled to the newest content, like a chat, until the reader scrolls up
 * on purpose (wheel, touch, keys, the scrollbar); then new content raises `hasNewBelow`
 * instead. Only the reader's own input unpins: the page moving by itself — a banner coming
 * and going in the sticky header during a reconnect, the browser's scroll anchoring, content
 * replaced after a resync — never does, so the page keeps following after any reconnect. It
 * watches the session's size rather than React state, because the parts inside it subscribe
 * and re-render on their own.
 */
export function useStickToBottom(target: RefObject<HTMLElement | null>): StickToBottom {
  const [hasNewBelow, setHasNewBelow] = useState(false);
  const pinned = useRef(true);
  const scrollToLatest = useCallback(() => {
    pinned.current = true;
    setHasNewBelow(false);
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, []);
  useEffect(() => {
    const element = target.current;
    if (element === null) return;
    let intent = false;
    let lastY = window.scrollY;
    const distanceToBottom = () =>
      document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
    const onIntent = () => {
      intent = true;
    };
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && event.target.closest('textarea, input');
      if (!typing && SCROLL_KEYS.has(event.key)) intent = true;
    };
    // The scrollbar: a press on the root element itself (not on the content).
    const onPointer = (event: PointerEvent) => {
      if (event.target === document.documentElement) intent = true;
    };
    const onScroll = () => {
      if (distanceToBottom() < NEAR_BOTTOM_PX) {
        pinned.current = true;
        setHasNewBelow(false);
      } else if (intent && window.scrollY < lastY) {
        pinned.current = false;
      }
      intent = false;
      lastY = window.scrollY;
    };
    const observer = new ResizeObserver(() => {
      if (pinned.current) window.scrollTo({ top: document.documentElement.scrollHeight });
      else if (distanceToBottom() >= NEAR_BOTTOM_PX) setHasNewBelow(true);
    });
    observer.observe(element);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('wheel', onIntent, { passive: true });
    window.addEventListener('touchmove', onIntent, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', onIntent);
      window.removeEventListener('touchmove', onIntent);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [target]);
  return { hasNewBelow, scrollToLatest };
}
