const DAY = 86_400_000;

/** "due now", "due in 3 h", "due tomorrow", "due Tue, 14 Jan" — for the set picker. */
export function formatNextDue(nextDueAt: number | null, now: number): string {
  if (nextDueAt === null) return 'nothing scheduled';
  if (nextDueAt <= now) return 'due now';
  const hours = Math.ceil((nextDueAt - now) / 3_600_000);
  if (hours < 24) return `due in ${hours} h`;
  const days = Math.round((startOfDay(nextDueAt) - startOfDay(now)) / DAY);
  if (days === 1) return 'due tomorrow';
  return `due ${new Date(nextDueAt).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}`;
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
  const seconds = Math.max(0, Math.round(durationMs / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${rest} s`;
}

function startOfDay(epochMs: number): number {
  const date = new Date(epochMs);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}
