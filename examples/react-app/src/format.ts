const DAY = 86_400_000;

/**
 * The one vocabulary for where a session stands, on the set cards and under Past sessions
 * alike: a session left open (the tab closed) is as unfinished as one the learner left.
 */
export const SESSION_STATUS_LABELS = {
  in_progress: 'in progress',
  paused: 'paused',
  completed: 'completed',
  abandoned: 'abandoned',
} as const;

/**
 * When the next point comes due for review: "next review now", "… in 3 h", "… tomorrow",
 * "… Tue, 14 Jan" — for the set picker.
 */
export function formatNextDue(nextDueAt: number | null, now: number): string {
  if (nextDueAt === null) return 'no review scheduled';
  if (nextDueAt <= now) return 'next review now';
  const hours = Math.ceil((nextDueAt - now) / 3_600_000);
  if (hours < 24) return `next review in ${hours} h`;
  const days = Math.round((startOfDay(nextDueAt) - startOfDay(now)) / DAY);
  if (days === 1) return 'next review tomorrow';
  return `next review ${new Date(nextDueAt).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}`;
}

/** "14 Jan, 09:30" */
export function formatDateTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "4 min 05 s" */
export function formatDuration(durationMs: number): string {
  // Whole seconds elapsed, as the session timer (MM:SS) shows them, so the two agree.
  const seconds = Math.max(0, Math.floor(durationMs / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${rest} s`;
}

function startOfDay(epochMs: number): number {
  const date = new Date(epochMs);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}
