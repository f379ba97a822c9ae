import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RecallProvider } from '../provider/recall-provider';
import { type TestSession, createTestSession } from '../testing/create-test-session';
import { type FakeMicrophone, installFakeMicrophone } from './fake-media';
import {
  createFakeVoiceEndpoint,
  type FakeVoiceEndpointOptions,
  transcript,
} from './fake-voice-endpoint';
import { type UseVoiceInputOptions, useVoiceInput } from './use-voice-input';

const SESSION_ID = 'session-photosynthesis-1';

let microphone: FakeMicrophone;
const sessions: TestSession[] = [];
beforeEach(() => {
  microphone = installFakeMicrophone();
});
afterEach(async () => {
  microphone.uninstall();
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

function setup(
  endpointOptions: FakeVoiceEndpointOptions = {},
  options: Partial<UseVoiceInputOptions> = {},
) {
  const session = createTestSession({ fixture: 'idle' });
  sessions.push(session);
  const { client } = session;
  const endpoint = createFakeVoiceEndpoint(endpointOptions);
  // Every request, so tests can see where it went; the fake answers regardless of the URL.
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => endpoint.fetch(input, init));
  const onTranscribed = vi.fn();
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <RecallProvider client={client} throttleMs={0}>
      {children}
    </RecallProvider>
  );
  const hook = renderHook(
    () =>
      // As an app writes it: no endpoint, the default one.
      useVoiceInput({ fetch, onTranscribed, ...options }),
    { wrapper },
  );
  const requested = () =>
    fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
  return { ...hook, client, session, endpoint, onTranscribed, requested };
}

/** Starts recording and waits until the recorder runs. */
async function record(hook: { result: { current: ReturnType<typeof useVoiceInput> } }) {
  await waitFor(() => expect(hook.result.current.isAvailable).toBe(true));
  await act(async () => hook.result.current.start());
  await waitFor(() => expect(hook.result.current.status).toBe('recording'));
  const recorder = microphone.recorders.at(-1);
  if (!recorder) throw new Error('No MediaRecorder was created.');
  return recorder;
}

const sentMessages = (session: TestSession) =>
  session
    .commands()
    .flatMap((message) => (message.type === 'user_message' ? [message.content] : []));

describe('availability', () => {
  test('available when the browser records and the server transcribes', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.isAvailable).toBe(true));
    expect(result.current).toMatchObject({ status: 'idle', isSupported: true, isConfigured: true });
    expect(result.current.buttonProps).toMatchObject({
      type: 'button',
      disabled: false,
      'aria-pressed': false,
      'aria-label': 'Answer by voice',
      'data-state': 'idle',
    });
  });

  test('labels replace the accessible name per status; the others keep their default', async () => {
    const hook = setup({}, { labels: { idle: 'Speak', recording: 'Stop' } });
    await waitFor(() => expect(hook.result.current.isAvailable).toBe(true));
    expect(hook.result.current.buttonProps['aria-label']).toBe('Speak');
    await record(hook);
    expect(hook.result.current.buttonProps['aria-label']).toBe('Stop');
    act(() => hook.result.current.stop());
    expect(hook.result.current.buttonProps['aria-label']).toBe('Transcribing…');
    await waitFor(() => expect(hook.result.current.status).toBe('idle'));
  });

  test('hidden when voice is not configured on the server', async () => {
    const { result } = setup({ configured: false });
    await waitFor(() => expect(result.current.isSupported).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result.current.isConfigured).toBe(false);
    expect(result.current.isAvailable).toBe(false);
    expect(result.current.buttonProps.disabled).toBe(true);
  });

  test('hidden without MediaRecorder', async () => {
    microphone.uninstall();
    Reflect.deleteProperty(globalThis, 'MediaRecorder');
    const { result } = setup();
    await waitFor(() => expect(result.current.isConfigured).toBe(true));
    expect(result.current.isSupported).toBe(false);
    expect(result.current.isAvailable).toBe(false);
  });
});

describe('endpoint', () => {
  test("defaults to '/api/transcribe', the example server's mount path", async () => {
    const hook = setup();
    const recorder = await record(hook);
    act(() => recorder.emit('audio'));
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.status).toBe('idle'));
    expect(hook.requested()).toEqual(['GET /api/transcribe', 'POST /api/transcribe']);
  });

  test('an explicit endpoint is used for the status check and the upload', async () => {
    const hook = setup({}, { endpoint: 'https://voice.example.test/v1/transcribe' });
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.status).toBe('idle'));
    expect(hook.requested()).toEqual([
      'GET https://voice.example.test/v1/transcribe',
      'POST https://voice.example.test/v1/transcribe',
    ]);
  });
});

describe('recording and transcription', () => {
  test('idle → recording → processing → idle; the blob includes the final chunk; auto-sends', async () => {
    const hook = setup({ reply: () => transcript('Chlorophyll absorbs light.') });
    const recorder = await record(hook);
    expect(recorder.timeslice).toBe(250);
    expect(recorder.mimeType).toBe('audio/webm;codecs=opus');
    expect(hook.result.current.buttonProps['aria-pressed']).toBe(true);

    act(() => {
      recorder.emit('chunk-1|');
      recorder.emit('chunk-2|');
    });
    act(() => hook.result.current.stop());
    expect(hook.result.current.status).toBe('processing');

    await waitFor(() => expect(hook.result.current.status).toBe('idle'));
    expect(hook.endpoint.uploads).toHaveLength(1);
    const [upload] = hook.endpoint.uploads;
    // The last chunk arrives after stop(); it must be part of the upload.
    expect(upload?.audioText).toBe('chunk-1|chunk-2|end');
    expect(upload?.audio.type).toBe('audio/webm;codecs=opus');
    expect(upload?.sessionId).toBe(SESSION_ID);
    expect(hook.result.current.result?.text).toBe('Chlorophyll absorbs light.');
    expect(hook.onTranscribed).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Chlorophyll absorbs light.' }),
    );
    expect(sentMessages(hook.session)).toEqual(['Chlorophyll absorbs light.']);
    expect(microphone.tracks.every((track) => track.stopped)).toBe(true);
  });

  test('toggle starts and stops', async () => {
    const hook = setup();
    await waitFor(() => expect(hook.result.current.isAvailable).toBe(true));
    await act(async () => hook.result.current.buttonProps.onClick());
    await waitFor(() => expect(hook.result.current.status).toBe('recording'));
    act(() => hook.result.current.buttonProps.onClick());
    expect(hook.result.current.status).toBe('processing');
    await waitFor(() => expect(hook.result.current.status).toBe('idle'));
    expect(sentMessages(hook.session)).toEqual(['Sunlight and water.']);
  });

  test('autoSend: false only reports the transcript', async () => {
    const hook = setup({}, { autoSend: false });
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.onTranscribed).toHaveBeenCalledTimes(1));
    expect(sentMessages(hook.session)).toEqual([]);
  });

  test('an empty transcript returns to idle without sending', async () => {
    const hook = setup({ reply: () => transcript('') });
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.endpoint.uploads).toHaveLength(1));
    await waitFor(() => expect(hook.result.current.result).not.toBeNull());
    expect(hook.result.current.status).toBe('idle');
    expect(hook.onTranscribed).not.toHaveBeenCalled();
    expect(sentMessages(hook.session)).toEqual([]);
  });

  test('an explicit sessionId wins over the client session', async () => {
    const hook = setup({}, { sessionId: 'session-explicit' });
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.endpoint.uploads).toHaveLength(1));
    expect(hook.endpoint.uploads[0]?.sessionId).toBe('session-explicit');
  });

  test('levels come from the analyser while recording', async () => {
    microphone.uninstall();
    microphone = installFakeMicrophone({ audioLevels: [0.5, 1] });
    const hook = setup({}, { bars: 4 });
    await record(hook);
    await waitFor(() => expect(hook.result.current.levels).toEqual([0.75, 0.75, 0.75, 0.75]));
    act(() => hook.result.current.stop());
    expect(hook.result.current.levels).toEqual([]);
    // The AudioContext is closed with the recording (browsers cap how many may be open).
    await waitFor(() => expect(microphone.closedAudioContexts()).toBe(1));
  });
});

describe('errors', () => {
  test('a server error is state with its code and message; reset returns to idle', async () => {
    const onError = vi.fn();
    const hook = setup(
      {
        reply: () => ({
          type: 'error',
          status: 502,
          code: 'TRANSCRIPTION_FAILED',
          message: 'Deepgram could not transcribe the audio (HTTP 400).',
        }),
      },
      { onError },
    );
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.status).toBe('error'));
    const error = {
      code: 'TRANSCRIPTION_FAILED',
      message: 'Deepgram could not transcribe the audio (HTTP 400).',
    };
    expect(hook.result.current.error).toEqual(error);
    expect(onError).toHaveBeenCalledWith(error);
    expect(hook.result.current.buttonProps['aria-label']).toBe('Try voice again');
    expect(sentMessages(hook.session)).toEqual([]);
    act(() => hook.result.current.reset());
    expect(hook.result.current).toMatchObject({ status: 'idle', error: null });
  });

  test('VOICE_NOT_CONFIGURED from an upload hides the microphone', async () => {
    const hook = setup({
      reply: () => ({
        type: 'error',
        status: 501,
        code: 'VOICE_NOT_CONFIGURED',
        message: 'Voice input is not configured on this server.',
      }),
    });
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.status).toBe('error'));
    expect(hook.result.current.isAvailable).toBe(false);
  });

  test('a denied microphone is MICROPHONE_DENIED; the next recording can succeed', async () => {
    const hook = setup();
    await waitFor(() => expect(hook.result.current.isAvailable).toBe(true));
    microphone.failNextWith('NotAllowedError');
    await act(async () => hook.result.current.start());
    expect(hook.result.current.status).toBe('error');
    expect(hook.result.current.error?.code).toBe('MICROPHONE_DENIED');
    await act(async () => hook.result.current.start());
    expect(hook.result.current).toMatchObject({ status: 'recording', error: null });
  });

  test('an upload past timeoutMs fails with TRANSCRIPTION_FAILED', async () => {
    const hook = setup({ reply: () => ({ type: 'hang' }) }, { timeoutMs: 30 });
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.status).toBe('error'));
    expect(hook.result.current.error?.code).toBe('TRANSCRIPTION_FAILED');
    expect(hook.endpoint.uploads[0]?.signal.aborted).toBe(true);
  });

  test('a recording larger than the server limit is refused without uploading', async () => {
    const hook = setup({ maxBytes: 8 });
    await waitFor(() => expect(hook.result.current.isAvailable).toBe(true));
    const recorder = await record(hook);
    act(() => recorder.emit('more than eight bytes'));
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.status).toBe('error'));
    expect(hook.result.current.error?.code).toBe('MESSAGE_TOO_LARGE');
    expect(hook.endpoint.uploads).toHaveLength(0);
  });
});

describe('aborting', () => {
  test('unmounting aborts the upload in flight, and nothing is sent', async () => {
    let release!: () => void;
    const hook = setup({
      reply: () =>
        new Promise((resolve) => {
          release = () => resolve(transcript('too late'));
        }),
    });
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.endpoint.uploads).toHaveLength(1));
    hook.unmount();
    expect(hook.endpoint.uploads[0]?.signal.aborted).toBe(true);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hook.onTranscribed).not.toHaveBeenCalled();
    expect(sentMessages(hook.session)).toEqual([]);
  });

  test('unmounting while recording releases the microphone and uploads nothing', async () => {
    const hook = setup();
    const recorder = await record(hook);
    hook.unmount();
    expect(recorder.state).toBe('inactive');
    expect(microphone.tracks.every((track) => track.stopped)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hook.endpoint.uploads).toHaveLength(0);
  });

  test('unmounting during the permission prompt releases the microphone once granted', async () => {
    const hook = setup();
    await waitFor(() => expect(hook.result.current.isAvailable).toBe(true));
    const permission = microphone.holdPermission();
    act(() => hook.result.current.start());
    hook.unmount();
    await act(async () => permission.grant());
    await waitFor(() => expect(microphone.tracks).toHaveLength(1));
    expect(microphone.tracks[0]?.stopped).toBe(true);
    expect(microphone.recorders).toHaveLength(0);
  });

  test('a new recording aborts the previous upload; only the new transcript is sent', async () => {
    let call = 0;
    const hook = setup({
      reply: () => {
        call += 1;
        return call === 1 ? { type: 'hang' } : transcript('second answer');
      },
    });
    await record(hook);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.endpoint.uploads).toHaveLength(1));
    await record(hook);
    expect(hook.endpoint.uploads[0]?.signal.aborted).toBe(true);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.result?.text).toBe('second answer'));
    expect(sentMessages(hook.session)).toEqual(['second answer']);
    expect(hook.result.current.status).toBe('idle');
  });

  test('cancel discards the recording', async () => {
    const hook = setup();
    await record(hook);
    act(() => hook.result.current.cancel());
    expect(hook.result.current.status).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hook.endpoint.uploads).toHaveLength(0);
    expect(microphone.tracks.every((track) => track.stopped)).toBe(true);
  });
});
