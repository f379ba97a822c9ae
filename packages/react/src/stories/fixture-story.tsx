import type { ConnectionState } from '@recall/ws';
import type { Decorator, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { RecallProvider } from '../provider/recall-provider';
import { type TestSession, createTestSession } from '../testing/create-test-session';
import type { SessionFixtureName } from '../testing/recorded-session';

// Stories render the real hooks and components over the real client, connected through the
// in-process transport of `@recall/ws/testing` to a real engine whose storage holds a recorded
// session. No server, no socket, no network.

/** What a story sets in `parameters.recall`. */
export interface RecallStoryParameters {
  fixture: SessionFixtureName;
  /** @default 'open' */
  connection?: Extract<ConnectionState, 'connecting' | 'open' | 'reconnecting' | 'closed'>;
  /** A learner message sent (pending) once the story's session is ready. */
  pendingMessage?: string;
}

/**
 * Loads the session a story's `parameters.recall` names, before the story renders: the
 * client already holds the fixture's state (and sent the pending message, if any).
 */
export async function loadFixtureSession(context: {
  parameters: Record<string, unknown>;
}): Promise<{ recallSession: TestSession }> {
  const recall = context.parameters.recall as RecallStoryParameters;
  const session = createTestSession({
    fixture: recall.fixture,
    connection: recall.connection ?? 'open',
  });
  await session.ready;
  if (recall.pendingMessage) session.client.sendMessage(recall.pendingMessage);
  return { recallSession: session };
}

function FixtureSession({ session, children }: { session: TestSession; children: ReactNode }) {
  const [commands, setCommands] = useState<string[]>(() => listCommands(session));
  const titleId = useId();
  useEffect(() => {
    setCommands(listCommands(session));
    const unsubscribe = session.client.subscribe(() => setCommands(listCommands(session)));
    return () => {
      unsubscribe();
      void session.close();
    };
  }, [session]);
  return (
    <RecallProvider client={session.client}>
      <main style={{ display: 'grid', gap: 16, fontFamily: 'system-ui, sans-serif' }}>
        {children}
        {commands.length > 0 && (
          <section className="story-commands" aria-labelledby={titleId}>
            <h2 id={titleId} style={{ fontSize: 14, margin: 0 }}>
              Sent to the server
            </h2>
            <ol data-testid="commands" style={{ margin: 0 }}>
              {commands.map((command, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only log
                <li key={index} data-command={command}>
                  {describeCommand(command)}
                </li>
              ))}
            </ol>
          </section>
        )}
      </main>
    </RecallProvider>
  );
}

// `{"type":"enter_rabbithole","topic":"…"}` reads as `enter_rabbithole — topic: …`.
function describeCommand(json: string): ReactNode {
  const { type, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const details = Object.entries(fields).map(([key, value]) => `${key}: ${String(value)}`);
  return (
    <>
      <code>{String(type)}</code>
      {details.length > 0 && ` — ${details.join(', ')}`}
    </>
  );
}

// Without the generated `clientMessageId`s, so stories can assert the exact commands.
function listCommands(session: TestSession): string[] {
  return session.commands().map(({ clientMessageId: _id, ...command }) => JSON.stringify(command));
}

/** Wraps each story in a `RecallProvider` over the session `loadFixtureSession` loaded. */
export const withFixtureSession: Decorator = (Story, context) => (
  <FixtureSession session={(context.loaded as { recallSession: TestSession }).recallSession}>
    <Story />
  </FixtureSession>
);

const state = (recall: RecallStoryParameters): StoryObj => ({ parameters: { recall } });

/**
 * One story per session state, for `export const Idle = SESSION_STATES.Idle` etc. Spread a
 * state to add a `play` function: `{ ...SESSION_STATES.Idle, play }`.
 */
export const SESSION_STATES = {
  Connecting: state({ fixture: 'connecting', connection: 'connecting' }),
  Idle: state({ fixture: 'idle' }),
  Streaming: state({ fixture: 'streaming' }),
  Recalled: state({ fixture: 'recalled' }),
  NearMiss: state({ fixture: 'nearMiss' }),
  RabbitholePrompt: state({ fixture: 'rabbitholePrompt' }),
  InRabbithole: state({ fixture: 'inRabbithole' }),
  Returned: state({ fixture: 'returned' }),
  Overlay: state({ fixture: 'overlay' }),
  Paused: state({ fixture: 'paused' }),
  Error: state({ fixture: 'error' }),
  Reconnecting: state({
    fixture: 'recalled',
    connection: 'reconnecting',
    pendingMessage: 'Is it chlorophyll?',
  }),
} satisfies Record<string, StoryObj>;

/** The commands the story's client sent so far (pings and ids left out), as JSON lines. */
export function sentCommands(canvasElement: HTMLElement): string[] {
  const list = canvasElement.querySelector('[data-testid="commands"]');
  return Array.from(list?.children ?? [], (item) => item.getAttribute('data-command') ?? '');
}
