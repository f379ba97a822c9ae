import { api, type RecallSetItem, type SessionItem } from '../api';
import { formatNextDue } from '../format';
import { followLink } from '../router';
import { useFetch } from '../use-fetch';

/** The start page: every recall set with how much is due, and whether a session is waiting. */
export function PickerPage() {
  const state = useFetch('picker', async (signal) => {
    const [sets, sessions] = await Promise.all([api.recallSets(signal), api.sessions({}, signal)]);
    return { sets, sessions };
  });
  return (
    <main className="page">
      <header className="page-header">
        <h1>Recall</h1>
        <p className="muted">Pick a set and recall it in a short conversation with the Agent.</p>
      </header>
      {state.status === 'loading' && <p className="muted">Loading recall sets…</p>}
      {state.status === 'error' && (
        <p role="alert" className="error-text">
          Could not load the recall sets: {state.error.message}
        </p>
      )}
      {state.status === 'done' && (
        <ul className="set-list" aria-label="Recall sets">
          {state.data.sets.map((set) => (
            <SetCard
              key={set.id}
              set={set}
              waiting={state.data.sessions.find(
                (session) =>
                  session.recallSetId === set.id &&
                  (session.status === 'paused' || session.status === 'in_progress'),
              )}
            />
          ))}
        </ul>
      )}
      <nav className="page-footer">
        <a href="/sessions" onClick={followLink}>
          Past sessions
        </a>
      </nav>
    </main>
  );
}

function SetCard(props: { set: RecallSetItem; waiting: SessionItem | undefined }) {
  const { set, waiting } = props;
  const now = Date.now();
  return (
    <li className="set-card">
      <a
        className="set-card-link"
        href={`/session/${encodeURIComponent(set.id)}`}
        onClick={followLink}
        aria-label={`${waiting === undefined ? 'Start' : 'Resume'} ${set.name}`}
      >
        <span className="set-card-title">{set.name}</span>
        <span className="set-card-description">{set.description}</span>
        <span className="set-card-meta">
          <span className={set.dueCount > 0 ? 'badge badge-due' : 'badge'}>
            {set.dueCount} of {set.totalPoints} due
          </span>
          <span className="muted">{formatNextDue(set.nextDueAt, now)}</span>
          {waiting !== undefined && (
            <span className="badge badge-paused">
              paused · {waiting.recalledCount}/{waiting.totalPoints}
            </span>
          )}
        </span>
        <span className="set-card-action" aria-hidden="true">
          {waiting === undefined ? 'Start' : 'Resume'} →
        </span>
      </a>
    </li>
  );
}
