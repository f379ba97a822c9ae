import {
  Composer,
  CompletionOverlay,
  ConnectionStatus,
  NearMissHint,
  RabbitholeIndicator,
  RabbitholePrompt,
  SessionAnnouncer,
  SessionControls,
  SessionProgress,
  useRecallSession,
} from '@recall/react';
import { useRef } from 'react';
import { followLink } from '../router';
import { Conversation } from './conversation';
import { SessionEnd } from './session-end';
import { useStickToBottom } from './use-stick-to-bottom';
import { VoiceButton } from './voice-button';

/** A live session: progress, conversation, prompts, composer and the completion overlay. */
export function SessionView(props: { title: string }) {
  const session = useRecallSession();
  const ended = session.status === 'paused' || session.status === 'completed';
  const shell = useRef<HTMLElement>(null);
  const follow = useStickToBottom(shell);
  return (
    <main className="session" data-mode={session.session.mode} ref={shell}>
      <header className="session-header">
        <div className="session-title-row">
          <a href="/" onClick={followLink} className="back-link" aria-label="All recall sets">
            ←
          </a>
          <h1 className="session-title">{props.title}</h1>
          {!ended && (
            <SessionControls.Root className="session-controls">
              <SessionControls.Leave className="button button-quiet">Leave</SessionControls.Leave>
            </SessionControls.Root>
          )}
        </div>
        <SessionProgress.Root className="progress">
          <SessionProgress.Items className="progress-items" />
          <div className="progress-meta">
            <SessionProgress.Count className="progress-count" />
            <SessionProgress.Timer className="progress-timer" />
            <SessionProgress.MuteToggle className="mute-toggle" />
          </div>
          <SessionProgress.RabbitholeLabels className="pills" />
        </SessionProgress.Root>
        <RabbitholeIndicator.Root className="rabbithole-indicator">
          <RabbitholeIndicator.Topic className="rabbithole-topic" />
          <RabbitholeIndicator.Return className="button" />
        </RabbitholeIndicator.Root>
        {/* In the sticky header, so being offline is seen wherever the page is scrolled. */}
        <ConnectionStatus.Root className="connection-status">
          <ConnectionStatus.Message />
          <ConnectionStatus.Retry className="button button-quiet" />
        </ConnectionStatus.Root>
      </header>

      <section className="conversation" aria-label="Session">
        <Conversation />
        <NearMissHint.Root className="near-miss">
          <NearMissHint.Text />
          <NearMissHint.Dismiss className="button button-quiet" />
        </NearMissHint.Root>
        <RabbitholePrompt.Root className="rabbithole-prompt">
          <RabbitholePrompt.Message />
          <div className="button-row">
            <RabbitholePrompt.Explore className="button button-warm" />
            <RabbitholePrompt.Decline className="button button-quiet" />
          </div>
        </RabbitholePrompt.Root>
        {ended && <SessionEnd />}
      </section>

      {follow.hasNewBelow && (
        <button type="button" className="button new-below" onClick={follow.scrollToLatest}>
          New messages ↓
        </button>
      )}

      {!ended && (
        <Composer.Root className="composer">
          <Composer.Input className="composer-input" />
          <Composer.Submit className="button composer-submit" />
          <VoiceButton />
          <Composer.DisabledReason className="composer-reason" />
        </Composer.Root>
      )}

      <CompletionOverlay.Root className="overlay">
        <div className="overlay-card">
          <CompletionOverlay.Title className="overlay-title" />
          <CompletionOverlay.Message />
          <div className="button-row">
            <CompletionOverlay.Continue className="button" />
            <CompletionOverlay.Done className="button button-quiet" />
          </div>
        </div>
      </CompletionOverlay.Root>
      {/* Recalls and finished replies, read out once (the conversation itself is not live). */}
      <SessionAnnouncer.Root className="announcer" />
    </main>
  );
}
