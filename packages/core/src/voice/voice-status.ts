/**
 * What a transcription endpoint answers to `GET`: whether voice input is available and the
 * largest upload it accepts. Clients hide the microphone when `configured` is false.
 */
export interface VoiceStatus {
  configured: boolean;
  /** Largest audio upload in bytes. */
  maxBytes: number;
}
