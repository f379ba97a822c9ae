// Public API of @recall/react/voice: voice input for the composer (record, upload, show the
// cleaned transcript). FormattedText, which bundles KaTeX, is on
// `@recall/react/voice/formatted-text`.
export { useVoiceInput } from './use-voice-input';
export type {
  UseVoiceInputOptions,
  VoiceInput,
  VoiceButtonProps,
  VoiceInputLabels,
} from './use-voice-input';
export type {
  VoiceInputStatus,
  VoiceInputError,
  VoiceInputErrorCode,
  VoiceServerStatus,
} from './voice-state';
