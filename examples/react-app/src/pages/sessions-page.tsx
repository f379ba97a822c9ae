import { api } from '../api';
import { SESSION_STATUS_LABELS, formatDateTime } from '../format';
import { followLink } from '../router';
import { useFetch } from '../use-fetch';

/** Every session of the demo user, newest first; finished ones open as a replay. */
export function SessionsPage() {
  const state = useFetch('sessions', async (signal) => {
    const [sets, sessions] = await Promise.all([api.recallSets(signal), api.sessions({}, signal)]);
    return { names: new Map(sets.map((set) => [set.id, set.name])), sessions };
  });
  return (
    <main className="page">
      <header className="page-header">
        <a href="/" onClick={followLink} className="back-link">
          ← Recall sets
        </a>
        <h1>Past sessions</h1>
      </header>
      {state.status === 'loading' && <p className="muted">Loading sessions…</p>}
      {state.status === 'error' && (
        <p role="alert" className="error-text">
          Could not load the sessions: {state.error.message}
        </p>
      )}
      {state.status === 'done' && state.data.sessions.length === 0 && (
        <p className="muted">No sessions yet. Start one from the recall sets.</p>
      )}
      {state.status === 'done' && state.data.sessions.length > 0 && (
        <ul className="session-list" aria-label="Sessions">
          {state.data.sessions.map((session) => (
            <li key={session.id} className="session-row">
              <a href={`/sessions/${encodeURIComponent(session.id)}`} onClick={followLink}>
                <span className="session-row-title">
                  {state.data.names.get(session.recallSetId) ?? session.recallSetId}
                </span>
                <span className="muted">{formatDateTime(session.startedAt)}</span>
                <span className={`badge badge-${session.status}`}>
                  {SESSION_STATUS_LABELS[session.status]} · {session.recalledCount} of{' '}
                  {session.totalPoints} recalled
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
