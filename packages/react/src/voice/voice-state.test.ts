import { describe, expect, test } from 'vitest';
import {
  INITIAL_VOICE_INPUT_SNAPSHOT as initial,
  reduceVoiceInput,
  type VoiceInputEvent,
  type VoiceInputSnapshot,
} from './voice-state';

function run(events: VoiceInputEvent[], from: VoiceInputSnapshot = initial) {
  return events.reduce(reduceVoiceInput, from);
}

const result = { text: 'ATP', rawText: 'a t p', corrections: [], hasNotation: false };

describe('reduceVoiceInput', () => {
  test('the happy path: idle → recording → processing → idle with the result', () => {
    const recording = run([{ type: 'recording-started' }]);
    expect(recording.status).toBe('recording');
    const sampled = reduceVoiceInput(recording, { type: 'levels-sampled', levels: [0.2, 0.4] });
    expect(sampled.levels).toEqual([0.2, 0.4]);
    const processing = reduceVoiceInput(sampled, { type: 'recording-stopped' });
    expect(processing).toMatchObject({ status: 'processing', levels: [] });
    expect(reduceVoiceInput(processing, { type: 'transcribed', result })).toMatchObject({
      status: 'idle',
      result,
    });
  });

  test('nothing changes → the same object', () => {
    expect(reduceVoiceInput(initial, { type: 'cancelled' })).toBe(initial);
    expect(reduceVoiceInput(initial, { type: 'reset' })).toBe(initial);
    expect(reduceVoiceInput(initial, { type: 'recording-stopped' })).toBe(initial);
    expect(reduceVoiceInput(initial, { type: 'levels-sampled', levels: [1] })).toBe(initial);
    expect(reduceVoiceInput(initial, { type: 'support-detected', supported: false })).toBe(initial);
  });

  test('errors are state; a new recording or reset clears them', () => {
    const failed = run([
      { type: 'recording-started' },
      { type: 'failed', error: { code: 'MICROPHONE_DENIED', message: 'denied' } },
    ]);
    expect(failed).toMatchObject({ status: 'error', error: { code: 'MICROPHONE_DENIED' } });
    expect(reduceVoiceInput(failed, { type: 'reset' })).toMatchObject({
      status: 'idle',
      error: null,
    });
    expect(reduceVoiceInput(failed, { type: 'recording-started' })).toMatchObject({
      status: 'recording',
      error: null,
    });
  });

  test('VOICE_NOT_CONFIGURED marks the server as not configured', () => {
    const configured = run([{ type: 'server-status-loaded', configured: true, maxBytes: 10 }]);
    expect(configured).toMatchObject({ server: 'configured', maxBytes: 10 });
    const failed = reduceVoiceInput(configured, {
      type: 'failed',
      error: { code: 'VOICE_NOT_CONFIGURED', message: 'off' },
    });
    expect(failed.server).toBe('not-configured');
  });

  test('cancel returns to idle from any state', () => {
    for (const events of [
      [{ type: 'recording-started' }],
      [{ type: 'recording-started' }, { type: 'recording-stopped' }],
    ] satisfies VoiceInputEvent[][]) {
      expect(run([...events, { type: 'cancelled' }])).toMatchObject({ status: 'idle', levels: [] });
    }
  });
});
