import { type RefObject, useEffect } from 'react';

/**
 * Keeps the page scrolled to the newest content while the reader is at (or near) the
 * bottom, like a chat; someone who scrolled up to re-read is left alone. It watches the
 * session's size rather than React state, because the parts inside it (messages, prompts,
 * hints, images) subscribe and re-render on their own — and the sticky composer too, so a
 * line it gains (the reason it is disabled) never covers the last message.
 */
export function useStickToBottom(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = target.current;
    if (element === null) return;
    let pinned = true;
    let lastY = window.scrollY;
    // Only the reader scrolling up unpins: content growing under a programmatic scroll
    // must not (an image that loads right after it would otherwise unpin the page).
    const onScroll = () => {
      const root = document.documentElement;
      if (root.scrollHeight - window.scrollY - window.innerHeight < 120) pinned = true;
      else if (window.scrollY < lastY) pinned = false;
      lastY = window.scrollY;
    };
    const observer = new ResizeObserver(() => {
      if (pinned) window.scrollTo({ top: document.documentElement.scrollHeight });
    });
    observer.observe(element);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [target]);
}
