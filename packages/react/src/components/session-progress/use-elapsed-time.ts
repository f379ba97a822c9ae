import { activeDurationMs } from '@recall/core/view';
import type { RecallClientSnapshot } from '@recall/ws';
import { useEffect, useState } from 'react';

/** The session's active time as its log says: what the timer needs, nothing else. */
export interface ActiveTime {
  /** When the open active stretch began (server time); null while paused or ended. */
  activeSince: number | null;
  /** Active time of the closed stretches. */
  activeDurationMs: number;
  /** The summary's duration once the session is completed (what the finished screen says). */
  completedDurationMs: number | null;
}

/** Selects {@link ActiveTime} from a snapshot (compare with `shallowEqual`). */
export function selectActiveTime({ session }: RecallClientSnapshot): ActiveTime {
  return {
    activeSince: session.activeSince,
    activeDurationMs: session.activeDurationMs,
    completedDurationMs: session.summary?.durationMs ?? null,
  };
}

/** Options of {@link useElapsedTime}. */
export interface ElapsedTimeOptions {
  /** The session's active time, from its log. */
  time: ActiveTime;
  /** Counts wall-clock time from this instant while `active` instead (epoch ms). */
  startedAt?: number | undefined;
  /** Whether the session is active on this client (only used with `startedAt`). */
  active: boolean;
}

/**
 * The session's active time: the stored stretches (start to pause, resume to completion)
 * plus the open one, re-read once a second while one is open. Derived from the log, so a
 * reload, a second tab and the summary agree; 0 on the server and before hydration.
 */
export function useElapsedTime({ time, startedAt, active }: ElapsedTimeOptions): number {
  const ticking =
    time.completedDurationMs === null &&
    (startedAt === undefined ? time.activeSince !== null : active);
  const [now, setNow] = useState<number | null>(null);

  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, [ticking]);

  if (now === null) return 0;
  if (time.completedDurationMs !== null) return time.completedDurationMs;
  if (startedAt !== undefined) return active ? Math.max(0, now - startedAt) : 0;
  return activeDurationMs(time, now);
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
