import { RecallProvider, useRecallSession } from '@recall/react';
import { createReplayClient } from '@recall/ws';
import { useMemo } from 'react';
import { api } from '../api';
import { formatDateTime, formatDuration } from '../format';
import { followLink } from '../router';
import { Conversation } from '../session/conversation';
import { useFetch } from '../use-fetch';

/**
 * A stored session replayed as a read-only transcript: its log goes through the same fold and
 * the same components as the live session, so it renders exactly as the learner saw it.
 */
export function ReplayPage(props: { sessionId: string }) {
  const state = useFetch(`replay:${props.sessionId}`, (signal) =>
    api.sessionEvents(props.sessionId, signal),
  );
  return (
    <main className="page replay">
      <header className="page-header">
        <a href="/sessions" onClick={followLink} className="back-link">
          ← Past sessions
        </a>
        <h1>Transcript</h1>
      </header>
      {state.status === 'loading' && <p className="muted">Loading the session…</p>}
      {state.status === 'error' && (
        <p role="alert" className="error-text">
          Cannot replay this session: {state.error.message}
        </p>
      )}
      {state.status === 'done' && <Transcript events={state.data} />}
    </main>
  );
}

function Transcript(props: { events: Awaited<ReturnType<typeof api.sessionEvents>> }) {
  const client = useMemo(() => createReplayClient({ events: props.events }), [props.events]);
  return (
    <RecallProvider client={client}>
      <TranscriptSummary startedAt={props.events[0]?.timestamp ?? null} />
      <Conversation label="Transcript" hints />
    </RecallProvider>
  );
}

function TranscriptSummary(props: { startedAt: number | null }) {
  const { session, status } = useRecallSession();
  const { summary } = session;
  const explored = session.rabbitholes.map((visit) => visit.label);
  return (
    <section className="replay-summary" aria-label="Summary">
      <h2>{session.recallSetName || 'Session'}</h2>
      <p className="muted">
        {props.startedAt === null ? '' : `${formatDateTime(props.startedAt)} · `}
        {session.recalledPointIds.length} of {session.totalPoints} recalled
        {summary === null ? ` · ${status}` : ` in ${formatDuration(summary.durationMs)}`}
      </p>
      {explored.length > 0 && (
        <ul className="pills" aria-label="Explored topics">
          {explored.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
