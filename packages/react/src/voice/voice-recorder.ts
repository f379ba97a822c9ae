import type { ProcessedTranscript } from '@recall/core/voice';
import { startLevelMeter, type StopLevelMeter } from './level-meter';
import {
  fetchVoiceStatus,
  uploadRecording,
  VoiceRequestError,
  type VoiceRequestOptions,
} from './upload-recording';
import {
  INITIAL_VOICE_INPUT_SNAPSHOT,
  reduceVoiceInput,
  type VoiceInputError,
  type VoiceInputEvent,
  type VoiceInputSnapshot,
} from './voice-state';

/** What the recorder reads each time it needs it, so callers can change it between uses. */
export interface VoiceRecorderSettings extends VoiceRequestOptions {
  /** The session the audio belongs to; null while the session is not known yet. */
  sessionId: string | null;
  /** Called with every non-empty transcript. */
  onTranscribed: (result: ProcessedTranscript) => void;
  onError?: ((error: VoiceInputError) => void) | undefined;
  timeoutMs: number;
  maxDurationMs: number;
  /** Preferred recording formats, first supported wins. */
  mimeTypes: readonly string[];
  bars: number;
}

/** A framework-free voice recorder: `subscribe` + `getSnapshot`, like the session client. */
export interface VoiceRecorder {
  getSnapshot(): VoiceInputSnapshot;
  subscribe(listener: () => void): () => void;
  /** Detects browser support and reads the server status; returns a function that cancels it. */
  initialize(): () => void;
  /** Asks for the microphone and records; aborts an upload still in flight. */
  start(): Promise<void>;
  /** Stops recording and transcribes what was recorded. */
  stop(): void;
  /** Discards the recording or the upload in flight and returns to idle. */
  cancel(): void;
  /** Leaves the error state. */
  reset(): void;
}

const TIMESLICE_MS = 250;

/** Creates a {@link VoiceRecorder}; `getSettings` is read at the moment each value is needed. */
export function createVoiceRecorder(getSettings: () => VoiceRecorderSettings): VoiceRecorder {
  let snapshot = INITIAL_VOICE_INPUT_SNAPSHOT;
  const listeners = new Set<() => void>();
  // Bumped by every start and cancel: late callbacks of an older recording see a newer value.
  let generation = 0;
  let starting = false;
  let stream: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  let stopMeter: StopLevelMeter | null = null;
  let maxDurationTimer: ReturnType<typeof setTimeout> | undefined;
  let upload: AbortController | null = null;

  function dispatch(event: VoiceInputEvent): void {
    const next = reduceVoiceInput(snapshot, event);
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function fail(error: VoiceInputError): void {
    dispatch({ type: 'failed', error });
    getSettings().onError?.(error);
  }

  function releaseMicrophone(): void {
    clearTimeout(maxDurationTimer);
    stopMeter?.();
    stopMeter = null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  }

  function abortUpload(): void {
    upload?.abort();
    upload = null;
  }

  async function transcribe(audio: Blob, token: number): Promise<void> {
    const settings = getSettings();
    if (audio.size === 0) {
      dispatch({ type: 'cancelled' });
      return;
    }
    if (snapshot.maxBytes !== null && audio.size > snapshot.maxBytes) {
      fail({
        code: 'MESSAGE_TOO_LARGE',
        message: 'The recording is too long; try a shorter answer.',
      });
      return;
    }
    if (settings.sessionId === null) {
      fail({ code: 'INVALID_MESSAGE', message: 'The session has not started yet.' });
      return;
    }
    const controller = new AbortController();
    upload = controller;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, settings.timeoutMs);
    try {
      const result = await uploadRecording({
        ...settings,
        audio,
        sessionId: settings.sessionId,
        signal: controller.signal,
      });
      if (token !== generation) return;
      dispatch({ type: 'transcribed', result });
      if (result.text.trim() !== '') getSettings().onTranscribed(result);
    } catch (error) {
      if (token !== generation) return;
      if (timedOut) {
        fail({ code: 'TRANSCRIPTION_FAILED', message: 'Transcription took too long. Try again.' });
      } else if (error instanceof VoiceRequestError) {
        fail(error.error);
      } else {
        fail({ code: 'TRANSCRIPTION_FAILED', message: 'Transcription failed. Try again.' });
      }
    } finally {
      clearTimeout(timer);
      if (upload === controller) upload = null;
    }
  }

  function record(media: MediaStream, token: number): void {
    const settings = getSettings();
    const mimeType = pickMimeType(settings.mimeTypes);
    const chunks: Blob[] = [];
    const mediaRecorder = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    mediaRecorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    // The last chunk arrives just before `stop`, so the blob is only complete here.
    mediaRecorder.addEventListener('stop', () => {
      if (recorder === mediaRecorder) recorder = null;
      if (token !== generation) return;
      releaseMicrophone();
      const type = mediaRecorder.mimeType || chunks[0]?.type || mimeType || 'audio/webm';
      void transcribe(new Blob(chunks, { type }), token);
    });
    mediaRecorder.addEventListener('error', () => {
      if (token !== generation) return;
      generation += 1;
      recorder = null;
      releaseMicrophone();
      fail({ code: 'MICROPHONE_UNAVAILABLE', message: 'Recording stopped unexpectedly.' });
    });
    recorder = mediaRecorder;
    stream = media;
    mediaRecorder.start(TIMESLICE_MS);
    stopMeter = startLevelMeter(media, {
      bars: settings.bars,
      onLevels: (levels) => dispatch({ type: 'levels-sampled', levels }),
    });
    maxDurationTimer = setTimeout(stop, settings.maxDurationMs);
    dispatch({ type: 'recording-started' });
  }

  async function start(): Promise<void> {
    if (starting || recorder !== null) return;
    abortUpload();
    generation += 1;
    const token = generation;
    starting = true;
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      starting = false;
      if (token === generation) fail(microphoneError(error));
      return;
    }
    starting = false;
    if (token !== generation) {
      // Cancelled (or unmounted) while the permission prompt was open.
      for (const track of media.getTracks()) track.stop();
      return;
    }
    try {
      record(media, token);
    } catch {
      for (const track of media.getTracks()) track.stop();
      releaseMicrophone();
      recorder = null;
      fail({ code: 'MICROPHONE_UNAVAILABLE', message: 'This browser cannot record audio.' });
    }
  }

  function stop(): void {
    clearTimeout(maxDurationTimer);
    if (recorder === null || recorder.state === 'inactive') return;
    dispatch({ type: 'recording-stopped' });
    recorder.stop();
  }

  function cancel(): void {
    generation += 1;
    abortUpload();
    const active = recorder;
    recorder = null;
    if (active !== null && active.state !== 'inactive') active.stop();
    releaseMicrophone();
    dispatch({ type: 'cancelled' });
  }

  function initialize(): () => void {
    dispatch({ type: 'support-detected', supported: isRecordingSupported() });
    const controller = new AbortController();
    fetchVoiceStatus({ ...getSettings(), signal: controller.signal }).then(
      (status) => dispatch({ type: 'server-status-loaded', ...status }),
      // An unreachable status stays `unknown`: the microphone stays hidden.
      () => {},
    );
    return () => controller.abort();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initialize,
    start,
    stop,
    cancel,
    reset: () => dispatch({ type: 'reset' }),
  };
}

/** Whether this environment can record: MediaRecorder and getUserMedia both exist. */
export function isRecordingSupported(): boolean {
  return (
    typeof MediaRecorder === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

function pickMimeType(candidates: readonly string[]): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return candidates.find((candidate) => MediaRecorder.isTypeSupported(candidate));
}

function microphoneError(error: unknown): VoiceInputError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return {
      code: 'MICROPHONE_DENIED',
      message: 'Microphone access was denied. You can type instead.',
    };
  }
  return {
    code: 'MICROPHONE_UNAVAILABLE',
    message: 'No microphone is available. You can type instead.',
  };
}
