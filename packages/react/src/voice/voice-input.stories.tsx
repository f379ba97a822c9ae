import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useMemo } from 'react';
import { Composer } from '../index';
import { RecallProvider } from '../provider/recall-provider';
import { createTestSession } from '../testing/create-test-session';
import { installFakeMicrophone } from './fake-media';
import {
  createFakeVoiceEndpoint,
  type FakeVoiceEndpointOptions,
  transcript,
} from './fake-voice-endpoint';
import { useVoiceInput } from './use-voice-input';

// The microphone, MediaRecorder and the transcription endpoint are fakes: the stories never
// ask for a real microphone and never reach a server.

interface VoiceDemoProps {
  endpoint: FakeVoiceEndpointOptions;
  autoSend?: boolean;
}

function VoiceButton({ endpoint, autoSend = true }: VoiceDemoProps) {
  const fake = useMemo(() => createFakeVoiceEndpoint(endpoint), [endpoint]);
  // No `endpoint`: the default, '/api/transcribe' (the fake answers any URL).
  const voice = useVoiceInput({ fetch: fake.fetch, autoSend, bars: 16 });
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {voice.isAvailable ? (
        <button {...voice.buttonProps} style={{ justifySelf: 'start', padding: '6px 12px' }}>
          {/* The visible text is the accessible name, so the two never disagree (WCAG 2.5.3). */}
          <span aria-hidden="true">{voice.status === 'recording' ? '■ ' : '🎤 '}</span>
          {voice.buttonProps['aria-label']}
        </button>
      ) : (
        <p>Voice input is off here; type your answer instead.</p>
      )}
      {voice.status === 'recording' && (
        <div aria-hidden="true" style={{ display: 'flex', alignItems: 'end', gap: 2, height: 32 }}>
          {voice.levels.map((level, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional
              key={index}
              style={{ width: 4, height: `${Math.max(2, level * 32)}px`, background: '#3f8f3a' }}
            />
          ))}
        </div>
      )}
      <p role="status" aria-live="polite">
        {voice.status === 'processing' && 'Transcribing…'}
        {voice.status === 'error' && `Voice failed: ${voice.error?.message ?? ''}`}
        {voice.status === 'idle' && voice.result && `Heard: “${voice.result.text}”`}
      </p>
    </div>
  );
}

function VoiceDemo(props: VoiceDemoProps) {
  const client = useMemo(() => createTestSession({ fixture: 'idle' }).client, []);
  return (
    <RecallProvider client={client}>
      <main style={{ display: 'grid', gap: 12, maxWidth: 420, fontFamily: 'system-ui' }}>
        <VoiceButton {...props} />
        {/* The keyboard always works, whatever the microphone does. */}
        <Composer.Root />
      </main>
    </RecallProvider>
  );
}

const meta = {
  title: 'Voice/useVoiceInput',
  component: VoiceDemo,
  beforeEach: () => {
    const microphone = installFakeMicrophone({ audioLevels: [0.2, 0.5, 0.9, 0.6, 0.3, 0.7] });
    return () => microphone.uninstall();
  },
  args: { endpoint: { reply: () => transcript('Chlorophyll absorbs the light.') } },
} satisfies Meta<typeof VoiceDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const micButton = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('button', { name: 'Answer by voice' });

/** Voice is configured and the browser records: the microphone is shown. */
export const Idle: Story = {};

/** Recording, with the level meter's waveform. */
export const Recording: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await micButton(canvasElement));
    const stop = await within(canvasElement).findByRole('button', {
      name: 'Stop recording and send',
    });
    await expect(stop.getAttribute('aria-pressed')).toBe('true');
  },
};

/** Uploaded and waiting for the transcript. */
export const Processing: Story = {
  args: { endpoint: { reply: () => ({ type: 'hang' }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await micButton(canvasElement));
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop recording and send' }));
    await canvas.findByRole('button', { name: 'Transcribing…' });
    await canvas.findByText('Transcribing…', { selector: '[role="status"]' });
  },
};

/** The transcript was sent as the learner's message. */
export const Transcribed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await micButton(canvasElement));
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop recording and send' }));
    await canvas.findByText('Heard: “Chlorophyll absorbs the light.”');
  },
};

/** The transcription service failed; the learner can try again or type. */
export const Failed: Story = {
  name: 'Error',
  args: {
    endpoint: {
      reply: () => ({
        type: 'error',
        status: 502,
        code: 'TRANSCRIPTION_FAILED',
        message: 'Deepgram could not transcribe the audio (HTTP 400).',
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await micButton(canvasElement));
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop recording and send' }));
    await canvas.findByRole('button', { name: 'Try voice again' });
  },
};

/** The server has no transcription adapter: the microphone is hidden. */
export const NotConfigured: Story = {
  args: { endpoint: { configured: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Voice input is off here; type your answer instead.');
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Answer by voice' })).toBeNull(),
    );
  },
};

/** The browser cannot record (no MediaRecorder): the microphone is hidden. */
export const Unsupported: Story = {
  beforeEach: () => {
    const scope = globalThis as { MediaRecorder?: unknown };
    const saved = scope.MediaRecorder;
    Reflect.deleteProperty(scope, 'MediaRecorder');
    return () => {
      scope.MediaRecorder = saved;
    };
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Voice input is off here; type your answer instead.');
  },
};
