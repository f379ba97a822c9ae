import type { RecallErrorCode } from '@recall/core';
import type { ProcessedTranscript } from '@recall/core/voice';
import { assertNever } from '../internal/assert-never';

/** Where voice input is: `processing` covers assembling the audio, uploading and transcribing. */
export type VoiceInputStatus = 'idle' | 'recording' | 'processing' | 'error';

/** Why voice input failed: a server error code, or a microphone problem in the browser. */
export type VoiceInputErrorCode = RecallErrorCode | 'MICROPHONE_DENIED' | 'MICROPHONE_UNAVAILABLE';

/** A failure, as plain data. */
export interface VoiceInputError {
  code: VoiceInputErrorCode;
  message: string;
}

/** Whether the server transcribes audio: unknown until its status has been read. */
export type VoiceServerStatus = 'unknown' | 'configured' | 'not-configured';

/** The recorder's whole state; immutable, replaced on every change. */
export interface VoiceInputSnapshot {
  status: VoiceInputStatus;
  /** Set in `error`; cleared by the next recording or `reset`. */
  error: VoiceInputError | null;
  /** Loudness per waveform bar, 0–1, while recording (empty without Web Audio). */
  levels: readonly number[];
  /** The last transcription, including empty ones. */
  result: ProcessedTranscript | null;
  /** Whether MediaRecorder and getUserMedia exist here (false during server rendering). */
  supported: boolean;
  server: VoiceServerStatus;
  /** The server's upload limit in bytes, once known. */
  maxBytes: number | null;
}

/** Everything that changes the snapshot. */
export type VoiceInputEvent =
  | { type: 'support-detected'; supported: boolean }
  | { type: 'server-status-loaded'; configured: boolean; maxBytes: number }
  | { type: 'recording-started' }
  | { type: 'levels-sampled'; levels: readonly number[] }
  | { type: 'recording-stopped' }
  | { type: 'cancelled' }
  | { type: 'transcribed'; result: ProcessedTranscript }
  | { type: 'failed'; error: VoiceInputError }
  | { type: 'reset' };

export const INITIAL_VOICE_INPUT_SNAPSHOT: VoiceInputSnapshot = /* @__PURE__ */ Object.freeze({
  status: 'idle',
  error: null,
  levels: Object.freeze([]) as readonly number[],
  result: null,
  supported: false,
  server: 'unknown',
  maxBytes: null,
});

const NO_LEVELS: readonly number[] = INITIAL_VOICE_INPUT_SNAPSHOT.levels;

/**
 * The voice-input state machine: pure, and returns the same snapshot when nothing changed.
 * idle → recording → processing → idle (or error); any state → idle on `cancelled`.
 */
export function reduceVoiceInput(
  snapshot: VoiceInputSnapshot,
  event: VoiceInputEvent,
): VoiceInputSnapshot {
  switch (event.type) {
    case 'support-detected':
      return snapshot.supported === event.supported
        ? snapshot
        : { ...snapshot, supported: event.supported };
    case 'server-status-loaded':
      return {
        ...snapshot,
        server: event.configured ? 'configured' : 'not-configured',
        maxBytes: event.maxBytes,
      };
    case 'recording-started':
      return { ...snapshot, status: 'recording', error: null, levels: NO_LEVELS };
    case 'levels-sampled':
      return snapshot.status === 'recording' ? { ...snapshot, levels: event.levels } : snapshot;
    case 'recording-stopped':
      return snapshot.status === 'recording'
        ? { ...snapshot, status: 'processing', levels: NO_LEVELS }
        : snapshot;
    case 'cancelled':
      return snapshot.status === 'idle' && snapshot.levels === NO_LEVELS
        ? snapshot
        : { ...snapshot, status: 'idle', error: null, levels: NO_LEVELS };
    case 'transcribed':
      return { ...snapshot, status: 'idle', error: null, levels: NO_LEVELS, result: event.result };
    case 'failed':
      return {
        ...snapshot,
        status: 'error',
        error: event.error,
        levels: NO_LEVELS,
        // The server said so: hide the microphone from now on.
        server: event.error.code === 'VOICE_NOT_CONFIGURED' ? 'not-configured' : snapshot.server,
      };
    case 'reset':
      return snapshot.status === 'error' ? { ...snapshot, status: 'idle', error: null } : snapshot;
    default:
      return assertNever(event, 'voice input event');
  }
}
