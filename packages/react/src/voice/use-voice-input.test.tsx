import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { type FakeMicrophone, installFakeMicrophone } from './fake-media';
import { transcript } from './fake-voice-endpoint';
import { SESSION_ID, sentMessages, voiceInputHarness } from './use-voice-input-harness';

// Errors and aborting: use-voice-input-errors.test.tsx.
let microphone: FakeMicrophone;
beforeEach(() => {
  microphone = installFakeMicrophone();
});
const { setup, record } = voiceInputHarness(() => microphone);

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
