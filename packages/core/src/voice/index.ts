// Public API of @recall/core/voice: the transcription adapter contract, the Deepgram adapter,
// the transcript pipeline (cleanup with the course's terms) and notation parsing.
export type {
  TranscriptionAdapter,
  TranscribeOptions,
  TranscriptionAudio,
  TranscriptionResult,
} from './transcription-adapter';
export { createDeepgramTranscription } from './deepgram';
export type { DeepgramTranscriptionOptions } from './deepgram';
export { createTranscriptPipeline } from './transcript-pipeline';
export type {
  TranscriptPipeline,
  TranscriptPipelineOptions,
  ProcessTranscriptOptions,
  ProcessedTranscript,
  TranscriptCorrection,
  TranscriptSource,
} from './transcript-pipeline';
export { createTermExtractor } from './term-extractor';
export type { TermExtractor, TermExtractorOptions, GetTermsOptions } from './term-extractor';
export { parseNotation, hasNotation } from './notation';
export type { NotationSegment } from './notation';
export type { VoiceStatus } from './voice-status';
