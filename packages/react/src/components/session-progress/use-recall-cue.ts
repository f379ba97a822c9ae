import { useCallback, useEffect, useState } from 'react';

/** Options of the recall cue played on each recall. */
export interface RecallCueOptions {
  /**
   * Vibrate briefly (`navigator.vibrate`) where the device supports it.
   * @default true
   */
  vibrate?: boolean;
  /**
   * Play a sound: `true` for a short built-in chime (Web Audio), or your own player.
   * @default false
   */
  sound?: boolean | (() => void);
  /**
   * The `localStorage` key that keeps the mute toggle across visits.
   * @default 'recall:cue-muted'
   */
  storageKey?: string;
}

/** The cue and its one mute toggle. */
export interface RecallCue {
  muted: boolean;
  setMuted(muted: boolean): void;
  /** Plays the cue unless muted. Never throws. */
  play(): void;
}

const VIBRATION_MS = 50;

function readMuted(storageKey: string): boolean {
  try {
    return globalThis.localStorage?.getItem(storageKey) === 'true';
  } catch {
    return false; // storage can be disabled (privacy modes); the cue then simply plays
  }
}

function playChime(): void {
  const AudioContextClass =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  const context = new AudioContextClass();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = 880;
  gain.gain.setValueAtTime(0.12, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.25);
  oscillator.connect(gain).connect(context.destination);
  oscillator.onended = () => void context.close();
  oscillator.start();
  oscillator.stop(context.currentTime + 0.25);
}

/** A vibration and/or sound on each recall, behind a mute toggle persisted in `localStorage`. */
export function useRecallCue(options: RecallCueOptions = {}): RecallCue {
  const { vibrate = true, sound = false, storageKey = 'recall:cue-muted' } = options;
  // Read after mount: the server cannot know, and hydration must match its output.
  const [muted, setMutedState] = useState(false);
  useEffect(() => setMutedState(readMuted(storageKey)), [storageKey]);

  const setMuted = useCallback(
    (next: boolean) => {
      setMutedState(next);
      try {
        globalThis.localStorage?.setItem(storageKey, String(next));
      } catch {
        // Not persisted; the toggle still works for this visit.
      }
    },
    [storageKey],
  );

  const play = useCallback(() => {
    if (muted) return;
    try {
      if (vibrate && typeof navigator !== 'undefined') navigator.vibrate?.(VIBRATION_MS);
      if (sound === true) playChime();
      else if (typeof sound === 'function') sound();
    } catch {
      // A cue is decoration: a blocked vibration or audio context must not break the UI.
    }
  }, [muted, vibrate, sound]);

  return { muted, setMuted, play };
}
