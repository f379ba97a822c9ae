import { useRecallSession } from '@recall/react';
import { useEffect, useRef } from 'react';
import { formatDuration } from '../format';
import { followLink } from '../router';

/** Shown instead of the composer once the session is paused or complete. */
export function SessionEnd() {
  const { status, session } = useRecallSession();
  const heading = useRef<HTMLHeadingElement>(null);
  // After Leave or Done the composer is gone: the learner goes on from here, not <body>.
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) heading.current?.focus();
  }, []);
  if (status === 'paused') {
    return (
      <div className="session-end" role="status">
        <h2 ref={heading} tabIndex={-1}>
          Session paused
        </h2>
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
      <h2 ref={heading} tabIndex={-1}>
        Session complete
      </h2>
      {summary !== null && (
        <p>
          {summary.recalledCount} of {summary.totalPoints} recalled in{' '}
          <span className="session-duration">{formatDuration(summary.durationMs)}</span>
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
