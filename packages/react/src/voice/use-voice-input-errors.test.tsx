import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { type FakeMicrophone, installFakeMicrophone } from './fake-media';
import { transcript } from './fake-voice-endpoint';
import { sentMessages, voiceInputHarness } from './use-voice-input-harness';

// Availability, the endpoint, recording and transcription: use-voice-input.test.tsx.
let microphone: FakeMicrophone;
beforeEach(() => {
  microphone = installFakeMicrophone();
});
const { setup, record } = voiceInputHarness(() => microphone);

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
