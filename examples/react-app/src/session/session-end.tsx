import { useRecallSession } from '@recall/react';
import { formatDuration } from '../format';
import { followLink } from '../router';

/** Shown instead of the composer once the session is paused or complete. */
export function SessionEnd() {
  const { status, session } = useRecallSession();
  if (status === 'paused') {
    return (
      <div className="session-end" role="status">
        <h2>Session paused</h2>
        <p>
          {session.recalledPointIds.length} of {session.totalPoints} recalled. Open the set again to
          pick up where you left off.
        </p>
        <a href="/" onClick={followLink} className="button">
          Back to recall sets
        </a>
      </div>
    );
  }
  const summary = session.summary;
  return (
    <div className="session-end" role="status">
      <h2>Session complete</h2>
      {summary !== null && (
        <p>
          {summary.recalledCount} of {summary.totalPoints} recalled in{' '}
          {formatDuration(summary.durationMs)}
          {summary.rabbitholeCount > 0
            ? `, ${summary.rabbitholeCount} rabbit hole${summary.rabbitholeCount === 1 ? '' : 's'} explored`
            : ''}
          .
        </p>
      )}
      <div className="button-row">
        {session.sessionId !== '' && (
          <a
            href={`/sessions/${encodeURIComponent(session.sessionId)}`}
            onClick={followLink}
            className="button"
          >
            View transcript
          </a>
        )}
        <a href="/" onClick={followLink} className="button button-quiet">
          Back to recall sets
        </a>
      </div>
    </div>
  );
}
