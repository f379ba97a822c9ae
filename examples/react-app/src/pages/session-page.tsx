import { RecallProvider, useRecallSession } from '@recall/react';
import { api } from '../api';
import { followLink } from '../router';
import { SessionView } from '../session/session-view';
import { webSocketUrl } from '../session/web-socket-url';
import { useFetch } from '../use-fetch';

/**
 * Starts (or resumes) a session of one recall set with the one hook that owns the client. The
 * client persists the session id in `sessionStorage`, so a reload resumes the same session
 * with nothing lost; StrictMode's double mount reuses the same connection.
 */
export function SessionPage(props: { recallSetId: string }) {
  const { client } = useRecallSession({ url: webSocketUrl(), recallSetId: props.recallSetId });
  const set = useFetch(`set:${props.recallSetId}`, (signal) =>
    api.recallSet(props.recallSetId, signal),
  );
  if (set.status === 'error') {
    return (
      <main className="page">
        <p role="alert" className="error-text">
          Cannot open this recall set: {set.error.message}
        </p>
        <a href="/" onClick={followLink}>
          Back to the recall sets
        </a>
      </main>
    );
  }
  const title = set.status === 'done' ? set.data.name : '';
  return (
    <RecallProvider client={client}>
      <SessionView title={title} />
    </RecallProvider>
  );
}
