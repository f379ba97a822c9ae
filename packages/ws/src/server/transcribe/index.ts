// Voice input over HTTP: the transcribe endpoint.
export { createTranscribeHandler } from './transcribe-handler';
export type { TranscribeHandler } from './transcribe-handler';
export type { TranscribeHandlerOptions } from './transcribe-options';
