/** Stops sampling and releases the audio graph. */
export type StopLevelMeter = () => void;

type AudioContextConstructor = new () => AudioContext;

// One update per ~50 ms is smooth enough for a waveform and keeps renders cheap.
const SAMPLE_INTERVAL_MS = 50;
const FFT_SIZE = 512;
// Speech energy sits below ~5 kHz; bars spread over the whole spectrum would stay flat.
const SPEECH_BAND_HZ = 5000;

/**
 * Samples the microphone's loudness into `bars` values between 0 and 1 through an
 * AnalyserNode. Without Web Audio it samples nothing. The AudioContext is closed on stop,
 * since browsers cap how many may be open.
 */
export function startLevelMeter(
  stream: MediaStream,
  options: { bars: number; onLevels: (levels: readonly number[]) => void },
): StopLevelMeter {
  const scope = globalThis as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  const AudioContextClass = scope.AudioContext ?? scope.webkitAudioContext;
  if (AudioContextClass === undefined || options.bars <= 0) return () => {};
  let context: AudioContext;
  let source: MediaStreamAudioSourceNode;
  let analyser: AnalyserNode;
  try {
    context = new AudioContextClass();
    source = context.createMediaStreamSource(stream);
    analyser = context.createAnalyser();
    analyser.fftSize = FFT_SIZE;
    analyser.smoothingTimeConstant = 0.6;
    source.connect(analyser);
  } catch {
    return () => {};
  }
  const bins = new Uint8Array(analyser.frequencyBinCount);
  const binWidthHz = context.sampleRate / FFT_SIZE;
  const speechBins =
    binWidthHz > 0
      ? Math.min(bins.length, Math.max(options.bars, Math.ceil(SPEECH_BAND_HZ / binWidthHz)))
      : bins.length;
  const timer = setInterval(() => {
    analyser.getByteFrequencyData(bins);
    options.onLevels(toBars(bins.subarray(0, speechBins), options.bars));
  }, SAMPLE_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    source.disconnect();
    void context.close().catch(() => {});
  };
}

/** Averages frequency bins into `bars` levels in 0–1. */
export function toBars(bins: Uint8Array, bars: number): number[] {
  const levels: number[] = [];
  const perBar = Math.max(1, Math.floor(bins.length / bars));
  for (let bar = 0; bar < bars; bar += 1) {
    let sum = 0;
    for (let offset = 0; offset < perBar; offset += 1) sum += bins[bar * perBar + offset] ?? 0;
    levels.push(Math.round((sum / perBar / 255) * 100) / 100);
  }
  return levels;
}
