import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/offline';
import { type RecallClient, createRecallClient } from '@recall/ws';
import { createInProcessTransport } from '@recall/ws/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
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

function LiveSession({ chunkDelayMs }: LiveSessionProps) {
  const [client, setClient] = useState<RecallClient | null>(null);
  useEffect(() => {
    const storage = createMemoryStorage();
    const engine = createRecallEngine({ storage, llm: createOfflineLLM({ chunkDelayMs }) });
    let live: RecallClient | undefined;
    let cancelled = false;
    void storage.saveRecallSet(RECALL_SET).then(() => {
      if (cancelled) return;
      const transport = createInProcessTransport({ engine });
      live = createRecallClient({
        url: transport.url,
        recallSetId: RECALL_SET.id,
        WebSocket: transport.WebSocket,
        storage: null,
      });
      setClient(live);
    });
    return () => {
      cancelled = true;
      live?.close();
      void engine.close();
    };
  }, [chunkDelayMs]);
  return (
    <main>
      {client === null ? (
        <p>Starting an offline session…</p>
      ) : (
        <RecallProvider client={client}>
          <DemoScreen />
        </RecallProvider>
      )}
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
