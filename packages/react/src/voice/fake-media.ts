// A fake microphone for tests and stories: MediaRecorder, getUserMedia and (optionally) an
// AudioContext whose analyser reports a fixed spectrum. Not part of the public API.

/** Imitates MediaRecorder: `stop()` delivers the last chunk asynchronously, then `stop`. */
export class FakeMediaRecorder extends EventTarget {
  static readonly instances: FakeMediaRecorder[] = [];
  static supportedTypes: readonly string[] = ['audio/webm;codecs=opus', 'audio/webm'];
  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.supportedTypes.includes(type);
  }

  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  timeslice: number | undefined;
  /** Bytes delivered by the final `dataavailable` that `stop()` triggers. */
  finalChunk = 'end';

  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    super();
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }

  start(timeslice?: number): void {
    this.state = 'recording';
    this.timeslice = timeslice;
  }

  /** Delivers a chunk, as the timeslice would. */
  emit(text: string): void {
    this.dispatchEvent(dataEvent(new Blob([text], { type: this.mimeType })));
  }

  stop(): void {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    setTimeout(() => {
      this.dispatchEvent(dataEvent(new Blob([this.finalChunk], { type: this.mimeType })));
      this.dispatchEvent(new Event('stop'));
    }, 0);
  }
}

function dataEvent(data: Blob): Event {
  return Object.assign(new Event('dataavailable'), { data });
}

/** One fake microphone track; `stopped` turns true when the microphone is released. */
export interface FakeTrack {
  stopped: boolean;
  stop(): void;
}

/** The installed fakes and what they saw. */
export interface FakeMicrophone {
  readonly recorders: FakeMediaRecorder[];
  readonly tracks: FakeTrack[];
  /** The next `getUserMedia` call fails with this DOMException name (e.g. `NotAllowedError`). */
  failNextWith(name: string | null): void;
  /** Makes `getUserMedia` wait until `grant()` is called. */
  holdPermission(): { grant(): void };
  /** How many fake AudioContexts were closed. */
  closedAudioContexts(): number;
  /** Removes every fake again. */
  uninstall(): void;
}

/** Installs the fakes on `globalThis` and `navigator`. */
export function installFakeMicrophone(
  options: { audioLevels?: number[] | null } = {},
): FakeMicrophone {
  const tracks: FakeTrack[] = [];
  let failure: string | null = null;
  let hold: Promise<void> | null = null;
  const scope = globalThis as Record<string, unknown>;
  const previous = {
    MediaRecorder: scope.MediaRecorder,
    AudioContext: scope.AudioContext,
    mediaDevices: Object.getOwnPropertyDescriptor(navigator, 'mediaDevices'),
  };
  FakeMediaRecorder.instances.length = 0;

  async function getUserMedia(): Promise<MediaStream> {
    if (hold) await hold;
    if (failure !== null) {
      const name = failure;
      failure = null;
      throw new DOMException('Permission denied', name);
    }
    const track: FakeTrack = {
      stopped: false,
      stop() {
        track.stopped = true;
      },
    };
    tracks.push(track);
    return { getTracks: () => [track] } as unknown as MediaStream;
  }

  scope.MediaRecorder = FakeMediaRecorder;
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  const audioContext = options.audioLevels ? fakeAudioContext(options.audioLevels) : null;
  if (audioContext) scope.AudioContext = audioContext;

  return {
    recorders: FakeMediaRecorder.instances,
    tracks,
    failNextWith(name) {
      failure = name;
    },
    holdPermission() {
      let grant!: () => void;
      hold = new Promise<void>((resolve) => {
        grant = () => {
          hold = null;
          resolve();
        };
      });
      return { grant };
    },
    closedAudioContexts: () => audioContext?.closed ?? 0,
    uninstall() {
      scope.MediaRecorder = previous.MediaRecorder;
      scope.AudioContext = previous.AudioContext;
      if (previous.mediaDevices)
        Object.defineProperty(navigator, 'mediaDevices', previous.mediaDevices);
      else Reflect.deleteProperty(navigator, 'mediaDevices');
    },
  };
}

/** An AudioContext whose analyser always reports `levels` (0–1 per bin). */
function fakeAudioContext(levels: number[]) {
  return class FakeAudioContext {
    static closed = 0;
    createMediaStreamSource() {
      return { connect() {}, disconnect() {} };
    }
    createAnalyser() {
      return {
        fftSize: 2048,
        smoothingTimeConstant: 0,
        get frequencyBinCount() {
          return this.fftSize / 2;
        },
        getByteFrequencyData(bins: Uint8Array) {
          for (let index = 0; index < bins.length; index += 1) {
            bins[index] = Math.round((levels[index % levels.length] ?? 0) * 255);
          }
        },
      };
    }
    close() {
      FakeAudioContext.closed += 1;
      return Promise.resolve();
    }
  };
}
