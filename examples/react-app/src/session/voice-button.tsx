import { useVoiceInput } from '@recall/react/voice';

/**
 * Answer by voice: records, shows a live waveform, and the transcript is sent as the answer.
 * Shown only when the server transcribes (DEEPGRAM_API_KEY) and the browser can record; the
 * keyboard stays usable either way.
 */
export function VoiceButton() {
  // The endpoint is the default, '/api/transcribe', where the demo server mounts it.
  const voice = useVoiceInput({ bars: 24 });
  if (!voice.isAvailable) return null;
  const recording = voice.status === 'recording';
  return (
    <div
      className="voice"
      data-state={voice.status}
      style={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 12 }}
    >
      <button
        {...voice.buttonProps}
        className={recording ? 'button button-warm' : 'button button-quiet'}
        style={{ gap: 6 }}
        disabled={voice.buttonProps.disabled || voice.status === 'processing'}
      >
        {/* The visible text is the accessible name, so the two never disagree (WCAG 2.5.3). */}
        {recording ? <span aria-hidden="true">■</span> : <MicrophoneIcon />}
        {voice.buttonProps['aria-label']}
      </button>
      {recording && (
        <span
          aria-hidden="true"
          style={{ display: 'flex', alignItems: 'center', gap: 2, height: 28 }}
        >
          {voice.levels.map((level, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional
              key={index}
              style={{
                width: 3,
                height: `${Math.max(3, level * 28)}px`,
                borderRadius: 2,
                background: 'var(--warm)',
              }}
            />
          ))}
        </span>
      )}
      <span role="status" aria-live="polite" style={{ fontSize: '0.85rem', color: 'var(--muted)' }}>
        {voice.status === 'processing' && 'Transcribing…'}
        {voice.status === 'error' && (voice.error?.message ?? 'Voice input failed.')}
      </span>
    </div>
  );
}

function MicrophoneIcon() {
  return (
    <svg
      aria-hidden="true"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      style={{ verticalAlign: '-2px' }}
    >
      <rect x="8" y="2" width="8" height="13" rx="4" fill="currentColor" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v4" stroke="currentColor" strokeWidth="2" fill="none" />
    </svg>
  );
}
