import { MessageList, RecallProvider, ResourceCard, SessionImage } from '@recall/react';
import { Fragment, useMemo } from 'react';
import { api } from '../api';
import { formatDateTime, formatDuration } from '../format';
import { followLink } from '../router';
import { renderMessageContent } from '../session/message-content';
import { createReplayClient } from '../session/replay-client';
import { type ReplayedSession, replaySession } from '../session/replay-session';
import { useFetch } from '../use-fetch';

/** A stored session replayed through the client reducer: a read-only transcript. */
export function ReplayPage(props: { sessionId: string }) {
  const state = useFetch(`replay:${props.sessionId}`, async (signal) => {
    const events = await api.sessionEvents(props.sessionId, signal);
    return { events, replayed: replaySession(events) };
  });
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
      {state.status === 'done' && (
        <Transcript
          replayed={state.data.replayed}
          startedAt={state.data.events[0]?.timestamp ?? null}
          name={nameOf(state.data.events)}
        />
      )}
    </main>
  );
}

function nameOf(events: Awaited<ReturnType<typeof api.sessionEvents>>): string {
  for (const event of events) {
    if (event.type === 'session_started') return event.data.recallSetName;
  }
  return 'Session';
}

function Transcript(props: { replayed: ReplayedSession; startedAt: number | null; name: string }) {
  const { state, items, rabbitholes } = props.replayed;
  const client = useMemo(() => createReplayClient(state), [state]);
  const summary = state.summary;
  return (
    <RecallProvider client={client}>
      <section className="replay-summary" aria-label="Summary">
        <h2>{props.name}</h2>
        <p className="muted">
          {props.startedAt === null ? '' : `${formatDateTime(props.startedAt)} · `}
          {state.recalledCount} of {state.totalPoints} recalled
          {summary === null ? ` · ${state.status}` : ` in ${formatDuration(summary.durationMs)}`}
        </p>
        {state.rabbitholeLabels.length > 0 && (
          <ul className="pills" aria-label="Explored topics">
            {state.rabbitholeLabels.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        )}
      </section>
      <MessageList.Root
        className="messages"
        aria-label="Transcript"
        renderContent={renderMessageContent}
      >
        {(message, index) => {
          const hole = rabbitholes.find(
            (entry) =>
              index + 1 > entry.fromMessage &&
              (entry.toMessage === null || index + 1 <= entry.toMessage),
          );
          const startsHole = rabbitholes.find((entry) => entry.fromMessage === index);
          return (
            <Fragment key={message.id}>
              {startsHole !== undefined && (
                <p className="transcript-marker">Rabbit hole: {startsHole.label}</p>
              )}
              <MessageList.Message
                message={message}
                className="message"
                data-rabbithole={hole === undefined ? undefined : 'true'}
              />
              {items
                .filter((item) => Math.max(item.anchor, 1) === index + 1)
                .map((item) =>
                  item.kind === 'image' ? (
                    <SessionImage.Root
                      key={`image-${item.image.resourceId}-${item.anchor}`}
                      image={item.image}
                      className="shared shared-image"
                    />
                  ) : (
                    <ResourceCard.Root
                      key={`resource-${item.resource.resourceId}-${item.anchor}`}
                      resource={item.resource}
                      className="shared shared-resource"
                    />
                  ),
                )}
            </Fragment>
          );
        }}
      </MessageList.Root>
    </RecallProvider>
  );
}
