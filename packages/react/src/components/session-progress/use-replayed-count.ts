import { useEffect, useRef, useState } from 'react';
import { useLatest } from '../../internal/use-latest';

/** Options of {@link useReplayedCount}. */
export interface ReplayedCountOptions {
  /** Pause between two replayed steps. */
  intervalMs: number;
  /**
   * Whether the session is running. Rises seen while it already was are replayed step by
   * step; a rise arriving with the session's start (a resume's stored count) jumps at once.
   */
  active: boolean;
  /** Called once per replayed step with the new count. */
  onStep?: (count: number) => void;
  /**
   * Show a rise at once, as one step (for `prefers-reduced-motion`).
   * @default false
   */
  instant?: boolean;
}

/**
 * Follows `target`, but a rise of N is replayed one step at a time, `intervalMs` apart (the
 * first at once): recalls held back during a rabbit hole then fill in one by one on return.
 */
export function useReplayedCount(target: number, options: ReplayedCountOptions): number {
  const { intervalMs, active, instant = false } = options;
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);
  const wasActive = useRef(false);
  const onStep = useLatest(options.onStep);

  useEffect(() => {
    if (target <= shownRef.current || !wasActive.current) {
      shownRef.current = target;
      setShown(target);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      shownRef.current = instant ? target : shownRef.current + 1;
      setShown(shownRef.current);
      onStep.current?.(shownRef.current);
      if (shownRef.current < target) timer = setTimeout(step, intervalMs);
    };
    step();
    return () => clearTimeout(timer);
  }, [target, intervalMs, instant, onStep]);

  // Declared after the replay effect, so that one still sees the previous commit's value.
  useEffect(() => {
    wasActive.current = active;
  }, [active]);

  return shown;
}
