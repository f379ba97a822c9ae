import { useId } from 'react';
import { api, type RecallSetItem, type SessionItem } from '../api';
import { SESSION_STATUS_LABELS, formatNextDue } from '../format';
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
        <p className="muted">
          Pick a set and recall it in a short conversation with the Agent. Points come due for
          review as you forget them; a paused session picks up where you left off.
        </p>
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
              studied={state.data.sessions.some((session) => session.recallSetId === set.id)}
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

function SetCard(props: {
  set: RecallSetItem;
  studied: boolean;
  waiting: SessionItem | undefined;
}) {
  const { set, studied, waiting } = props;
  const now = Date.now();
  const id = useId();
  const action = waiting === undefined ? 'Start' : 'Resume';
  return (
    <li className="set-card">
      <h2 className="set-card-title" id={`${id}-title`}>
        {set.name}
      </h2>
      <p className="set-card-description" id={`${id}-description`}>
        {set.description}
      </p>
      {/* One line, one fact: the session to resume, else a new set, else what is due. */}
      <p className="set-card-meta" id={`${id}-meta`}>
        {waiting !== undefined ? (
          <span className="badge badge-paused">
            {SESSION_STATUS_LABELS[waiting.status]} · {waiting.recalledCount} of{' '}
            {waiting.totalPoints} recalled
          </span>
        ) : !studied ? (
          <span className="badge badge-due">New · {set.totalPoints} points</span>
        ) : set.dueCount > 0 ? (
          <span className="badge badge-due">
            {set.dueCount} of {set.totalPoints} points due for review
          </span>
        ) : (
          <span className="muted">Nothing due · {formatNextDue(set.nextDueAt, now)}</span>
        )}
      </p>
      {/* The card's one link, stretched over the whole card by CSS. Its name starts with
          its visible text ("Start Photosynthesis"); the rest of the card describes it. */}
      <a
        className="set-card-link"
        href={`/session/${encodeURIComponent(set.id)}`}
        onClick={followLink}
        aria-labelledby={`${id}-action ${id}-title`}
        aria-describedby={`${id}-description ${id}-meta`}
      >
        <span id={`${id}-action`}>{action}</span>
        <span aria-hidden="true"> →</span>
      </a>
    </li>
  );
}
