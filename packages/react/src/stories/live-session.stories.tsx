import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { createInProcessTransport } from '@recall/ws/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useRecallSession } from '../hooks/use-recall-session';
import { RecallProvider } from '../provider/recall-provider';
import { DemoScreen } from './demo-screen';

// A live session, entirely in the browser: the real engine with the offline LLM and memory
// storage, served to the real client through the in-process transport (the server's own
// serializer and command dispatch; no server, no network).

const RECALL_SET = defineRecallSet({
  id: 'set-photosynthesis',
  name: 'Photosynthesis',
  points: [
    {
      id: 'point-thylakoid',
      content: 'The light-dependent reactions happen in the thylakoid membranes.',
      context: 'First stage; chlorophyll absorbs light in stacked membranes called grana.',
    },
    {
      id: 'point-water',
      content: 'Photosystem II splits water, which releases oxygen.',
      context: 'Photolysis replaces the electrons chlorophyll lost.',
    },
    {
      id: 'point-calvin',
      content: 'The Calvin cycle takes place in the stroma.',
      context: 'Second, light-independent stage, in the fluid around the thylakoids.',
    },
  ],
});

interface LiveSessionProps {
  /** Pause between streamed words of the offline agent. */
  chunkDelayMs: number;
}

// The server side of the story: built once per mount. Closed a while after unmount, once the
// hook's client has left the session (StrictMode's double mount keeps it open).
function useInPageServer(chunkDelayMs: number) {
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [server] = useState(() => {
    const storage = createMemoryStorage();
    const engine = createRecallEngine({ storage, llm: createOfflineLLM({ chunkDelayMs }) });
    const transport = createInProcessTransport({
      engine,
      ready: storage.saveRecallSet(RECALL_SET),
    });
    return { engine, transport };
  });
  useEffect(() => {
    clearTimeout(closing.current);
    return () => {
      closing.current = setTimeout(() => void server.engine.close(), 5_000);
    };
  }, [server]);
  return server.transport;
}

/** The one hook that starts a session: it creates, connects, owns and closes the client. */
function LiveSession({ chunkDelayMs }: LiveSessionProps) {
  const transport = useInPageServer(chunkDelayMs);
  const session = useRecallSession({
    url: transport.url,
    recallSetId: RECALL_SET.id,
    WebSocket: transport.WebSocket,
    storage: null,
  });
  return (
    <main>
      {session.status === 'connecting' && <p>Starting an offline session…</p>}
      <RecallProvider client={session.client}>
        <DemoScreen />
      </RecallProvider>
    </main>
  );
}

const meta = {
  title: 'Session/Live (offline engine)',
  component: LiveSession,
  args: { chunkDelayMs: 40 },
} satisfies Meta<typeof LiveSession>;

export default meta;

/** Answer the agent's questions; recalling a point fills the next progress item. */
export const Live: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByRole('textbox', { name: 'Your answer' }, { timeout: 5000 });
    await waitFor(() => expect(input).toBeEnabled(), { timeout: 5000 });
    await waitFor(
      () => expect(canvas.getByRole('log').querySelector('[data-role="assistant"]')).not.toBeNull(),
      { timeout: 5000 },
    );
    await userEvent.type(
      input,
      'The light-dependent reactions happen in the thylakoid membranes.{Enter}',
    );
    await waitFor(() => expect(canvas.getByText('1 of 3 recalled')).toBeInTheDocument(), {
      timeout: 10_000,
    });
  },
};
