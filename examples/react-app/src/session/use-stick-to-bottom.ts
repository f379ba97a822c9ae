import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keeps the page scrolled to the newest message while the reader is at (or near) the
 * bottom, like a chat; someone who scrolled up to re-read is left alone. `signal` changes
 * whenever the conversation grows.
 */
export function useStickToBottom(signal: string): void {
  const pinned = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      const root = document.documentElement;
      pinned.current = root.scrollHeight - window.scrollY - window.innerHeight < 120;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signal` is the trigger.
  useLayoutEffect(() => {
    if (pinned.current) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [signal]);
}
