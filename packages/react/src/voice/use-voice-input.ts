import type { ProcessedTranscript } from '@recall/core/voice';
import type { RecallClientSnapshot } from '@recall/ws';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLatest } from '../internal/use-latest';
import { useRecallContext, useStoreSelector } from '../provider/recall-provider';
import { createVoiceRecorder, type VoiceRecorderSettings } from './voice-recorder';
import {
  INITIAL_VOICE_INPUT_SNAPSHOT,
  type VoiceInputError,
  type VoiceInputStatus,
} from './voice-state';

/** Options of {@link useVoiceInput}. */
export interface UseVoiceInputOptions {
  /**
   * The transcription endpoint (`createTranscribeHandler` from `@recall/ws/server`, mounted
   * on your server). The default is the path the example server mounts it on.
   * @default '/api/transcribe'
   */
  endpoint?: string;
  /** The session the audio belongs to. @default the `RecallProvider` client's session */
  sessionId?: string;
  /** Called with every non-empty transcript, before it is auto-sent. */
  onTranscribed?: (result: ProcessedTranscript) => void;
  /** Sends the transcribed text as the learner's message. @default true */
  autoSend?: boolean;
  onError?: (error: VoiceInputError) => void;
  /** Extra request headers, e.g. `Authorization`. */
  headers?: Record<string, string>;
  /** @default 'same-origin' */
  credentials?: RequestCredentials;
  /** Gives up on an upload after this long. @default 30000 */
  timeoutMs?: number;
  /** Stops recording by itself after this long. @default 120000 */
  maxDurationMs?: number;
  /** Recording formats in order of preference; the first the browser supports is used. */
  mimeTypes?: readonly string[];
  /** Number of waveform bars in `levels`. @default 32 */
  bars?: number;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /**
   * The button's accessible name per status. If your button shows text, its name must
   * contain that text (WCAG 2.5.3): show the label, or pass labels that match your text.
   */
  labels?: Partial<VoiceInputLabels>;
}

/** The microphone button's accessible name in each status. */
export type VoiceInputLabels = Record<VoiceInputStatus, string>;

/** Props for a microphone toggle button; spread them onto a `<button>`. */
export interface VoiceButtonProps {
  type: 'button';
  onClick: () => void;
  disabled: boolean;
  'aria-pressed': boolean;
  'aria-label': string;
  'data-state': VoiceInputStatus;
}

/** What {@link useVoiceInput} returns. */
export interface VoiceInput {
  status: VoiceInputStatus;
  error: VoiceInputError | null;
  /** Loudness per waveform bar, 0–1, while recording. */
  levels: readonly number[];
  /** The last transcription (also when it was empty). */
  result: ProcessedTranscript | null;
  /** MediaRecorder and a microphone API exist in this browser. */
  isSupported: boolean;
  /** The server transcribes audio (false until it said so). */
  isConfigured: boolean;
  /** Show the microphone only when true; the keyboard always works regardless. */
  isAvailable: boolean;
  start(): void;
  /** Stops and transcribes. */
  stop(): void;
  /** Starts when idle or failed, stops when recording. */
  toggle(): void;
  /** Discards the recording or the upload in flight. */
  cancel(): void;
  /** Leaves the error state. */
  reset(): void;
  buttonProps: VoiceButtonProps;
}

const DEFAULT_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/mp4',
] as const;

/** Where `createTranscribeHandler` is mounted unless `endpoint` says otherwise. */
const DEFAULT_ENDPOINT = '/api/transcribe';

const selectSessionId = (snapshot: RecallClientSnapshot) => snapshot.session.sessionId || null;

const DEFAULT_LABELS: VoiceInputLabels = {
  idle: 'Answer by voice',
  recording: 'Stop recording and send',
  processing: 'Transcribing…',
  error: 'Try voice again',
};

/**
 * Voice answers for the session in `RecallProvider`: records with MediaRecorder, uploads
 * the audio to `endpoint` (default `/api/transcribe`) on stop, and by default sends the
 * transcript as the learner's message. States: `idle → recording → processing → idle`, or
 * `error`. A new recording or unmounting aborts an upload in flight. The microphone should
 * be shown only when `isAvailable` (voice configured on the server and recording supported
 * here).
 *
 * @example
 * const voice = useVoiceInput({ onTranscribed: (result) => setHeard(result.text) });
 * return voice.isAvailable ? <button {...voice.buttonProps}>🎤</button> : null;
 */
export function useVoiceInput(options: UseVoiceInputOptions = {}): VoiceInput {
  const { store, actions } = useRecallContext('useVoiceInput');
  const clientSessionId = useStoreSelector(store, selectSessionId);
  const latest = useLatest({ options, clientSessionId, actions });
  const [recorder] = useState(() =>
    createVoiceRecorder((): VoiceRecorderSettings => {
      const {
        options: current,
        clientSessionId: sessionId,
        actions: currentActions,
      } = latest.current;
      return {
        endpoint: current.endpoint ?? DEFAULT_ENDPOINT,
        ...(current.headers ? { headers: current.headers } : {}),
        ...(current.credentials ? { credentials: current.credentials } : {}),
        ...(current.fetch ? { fetch: current.fetch } : {}),
        sessionId: current.sessionId ?? sessionId,
        onTranscribed(result) {
          current.onTranscribed?.(result);
          if (current.autoSend ?? true) currentActions.sendMessage(result.text);
        },
        onError: current.onError,
        timeoutMs: current.timeoutMs ?? 30_000,
        maxDurationMs: current.maxDurationMs ?? 120_000,
        mimeTypes: current.mimeTypes ?? DEFAULT_MIME_TYPES,
        bars: current.bars ?? 32,
      };
    }),
  );
  const endpoint = options.endpoint ?? DEFAULT_ENDPOINT;
  // A new endpoint is a new server to ask; the recorder reads it through its settings.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the endpoint changes
  useEffect(() => {
    const cancelInitialize = recorder.initialize();
    return () => {
      cancelInitialize();
      // Unmounting stops the microphone and aborts an upload in flight.
      recorder.cancel();
    };
  }, [recorder, endpoint]);
  const snapshot = useSyncExternalStore(
    recorder.subscribe,
    recorder.getSnapshot,
    () => INITIAL_VOICE_INPUT_SNAPSHOT,
  );

  const label = options.labels?.[snapshot.status] ?? DEFAULT_LABELS[snapshot.status];
  return useMemo(() => {
    const isConfigured = snapshot.server === 'configured';
    const isAvailable = snapshot.supported && isConfigured;
    const toggle = () => {
      if (snapshot.status === 'recording') recorder.stop();
      else void recorder.start();
    };
    return {
      status: snapshot.status,
      error: snapshot.error,
      levels: snapshot.levels,
      result: snapshot.result,
      isSupported: snapshot.supported,
      isConfigured,
      isAvailable,
      start: () => void recorder.start(),
      stop: recorder.stop,
      toggle,
      cancel: recorder.cancel,
      reset: recorder.reset,
      buttonProps: {
        type: 'button',
        onClick: toggle,
        disabled: !isAvailable,
        'aria-pressed': snapshot.status === 'recording',
        'aria-label': label,
        'data-state': snapshot.status,
      },
    };
  }, [snapshot, recorder, label]);
}
