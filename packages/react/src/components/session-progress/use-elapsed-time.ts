import { useEffect, useRef, useState } from 'react';

/** Options of {@link useElapsedTime}. */
export interface ElapsedTimeOptions {
  /** Whether the clock runs (e.g. while the session is active). */
  running: boolean;
  /** When the session started (epoch ms); defaults to when the clock first ran. */
  startedAt?: number;
}

/** Milliseconds since the start, updated once a second while running; 0 on the server. */
export function useElapsedTime({ running, startedAt }: ElapsedTimeOptions): number {
  const [elapsedMs, setElapsedMs] = useState(0);
  const firstRun = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!running) return;
    firstRun.current ??= Date.now();
    const start = startedAt ?? firstRun.current;
    const tick = () => setElapsedMs(Math.max(0, Date.now() - start));
    tick();
    const interval = setInterval(tick, 1000);
    return () => clearInterval(interval);
  }, [running, startedAt]);

  return elapsedMs;
}

/** `MM:SS` (minutes keep counting past 59). */
export function formatElapsed(elapsedMs: number): string {
  const totalSeconds = Math.floor(elapsedMs / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The ISO 8601 duration of `elapsedMs`, for `<time dateTime>`. */
export function toIsoDuration(elapsedMs: number): string {
  const totalSeconds = Math.floor(elapsedMs / 1000);
  return `PT${Math.floor(totalSeconds / 60)}M${totalSeconds % 60}S`;
}
