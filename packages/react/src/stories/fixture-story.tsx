import type { ConnectionState, OutgoingClientMessage } from '@recall/ws';
import type { Decorator, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useMemo, useState } from 'react';
import { RecallProvider } from '../provider/recall-provider';
import { createFixtureClient } from '../testing/create-fixture-client';
import { SESSION_FIXTURES, type SessionFixtureName } from '../testing/recorded-session';

// Stories render the real hooks and components over a fixture client: recorded server
// messages folded through the real client reducer. No server, no socket.

/** What a story sets in `parameters.recall`. */
export interface RecallStoryParameters {
  fixture: SessionFixtureName;
  /** @default 'open' */
  connection?: ConnectionState;
  /** A learner message sent (pending) before the story starts. */
  pendingMessage?: string;
}

function FixtureSession({
  recall,
  children,
}: {
  recall: RecallStoryParameters;
  children: ReactNode;
}) {
  const [commands, setCommands] = useState<string[]>([]);
  const client = useMemo(() => {
    const fixtureClient = createFixtureClient({
      messages: SESSION_FIXTURES[recall.fixture],
      connection: recall.connection ?? 'open',
      onSend: (message: OutgoingClientMessage) =>
        setCommands((previous) => [...previous, JSON.stringify(message)]),
      onCall: (call) => setCommands((previous) => [...previous, `${call}()`]),
    });
    if (recall.pendingMessage) fixtureClient.sendMessage(recall.pendingMessage);
    return fixtureClient;
  }, [recall]);
  return (
    <RecallProvider client={client}>
      <main style={{ display: 'grid', gap: 16, fontFamily: 'system-ui, sans-serif' }}>
        {children}
        <section aria-label="Commands sent to the server">
          <ol data-testid="commands" style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {commands.map((command, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only log
              <li key={index}>{command}</li>
            ))}
          </ol>
        </section>
      </main>
    </RecallProvider>
  );
}

/** Wraps each story in a `RecallProvider` over the fixture its `parameters.recall` names. */
export const withFixtureSession: Decorator = (Story, context) => (
  <FixtureSession recall={context.parameters.recall as RecallStoryParameters}>
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

/** The commands the story's client sent so far, as JSON lines. */
export function sentCommands(canvasElement: HTMLElement): string[] {
  const list = canvasElement.querySelector('[data-testid="commands"]');
  return Array.from(list?.children ?? [], (item) => item.textContent ?? '');
}
