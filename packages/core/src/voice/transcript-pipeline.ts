import { RecallError, toRecallError } from '../errors/recall-error';
import type { LLMAdapter } from '../llm/llm-adapter';
import { hasNotation } from './notation';
import {
  buildTranscriptMessage,
  restoreTags,
  TRANSCRIPT_SYSTEM_PROMPT,
  type TranscriptOutput,
  type TranscriptSource,
  transcriptOutputSchema,
} from './transcript-prompt';

export type { TranscriptSource } from './transcript-prompt';

/** One misheard term the pipeline replaced. */
export interface TranscriptCorrection {
  original: string;
  corrected: string;
}

/** Options for {@link TranscriptPipeline.process}. */
export interface ProcessTranscriptOptions {
  text: string;
  source: TranscriptSource;
  /** The recall set's vocabulary (see `createTermExtractor`); ignored for typed input. */
  terms: readonly string[];
  signal?: AbortSignal;
  /** The learner who spoke, so a spend guard (`withSpendGuard`) counts the call as theirs. */
  userId?: string;
}

/** Text ready for the tutor and the screen, with what changed. */
export interface ProcessedTranscript {
  /** The corrected text with notation; equals `rawText` when nothing changed or on failure. */
  text: string;
  rawText: string;
  corrections: TranscriptCorrection[];
  /** Whether `text` contains `$…$`, `$$…$$` or backtick code. */
  hasNotation: boolean;
}

/** Turns raw transcripts into display-ready text. Never throws. */
export interface TranscriptPipeline {
  process(options: ProcessTranscriptOptions): Promise<ProcessedTranscript>;
}

/** Options for {@link createTranscriptPipeline}. */
export interface TranscriptPipelineOptions {
  /** Called with kind `transcript`, so adapters route it to the cheap judge model. */
  llm: LLMAdapter;
  /** Reports failures that were swallowed (the raw text was returned instead). */
  onError?: (error: RecallError) => void;
}

// A judge that answers the learner instead of cleaning up writes far more than it was given.
const MAX_GROWTH_FACTOR = 2;
const MAX_GROWTH_SLACK = 200;

/**
 * One judge call (temperature 0, structured output) that corrects misheard domain terms
 * (voice only) and writes spoken maths or code as `$…$`, `$$…$$` or backtick code.
 * Empty input makes no call; any failure returns the raw text unchanged.
 *
 * @example
 * const pipeline = createTranscriptPipeline({ llm });
 * const { text } = await pipeline.process({ text: raw, source: 'voice', terms });
 */
export function createTranscriptPipeline(options: TranscriptPipelineOptions): TranscriptPipeline {
  const { llm, onError } = options;

  return {
    async process({ text, source, terms, signal, userId }) {
      const rawText = text;
      const unchanged = { text: rawText, rawText, corrections: [], hasNotation: false };
      if (rawText.trim() === '') return { ...unchanged, text: '', rawText: '' };
      try {
        const { object } = await llm.generateObject({
          kind: 'transcript',
          system: TRANSCRIPT_SYSTEM_PROMPT,
          messages: [
            {
              role: 'user',
              content: buildTranscriptMessage({ text: rawText.trim(), source, terms }),
            },
          ],
          schema: transcriptOutputSchema,
          schemaName: 'cleaned_transcript',
          temperature: 0,
          maxOutputTokens: 512 + Math.ceil(rawText.length / 2),
          ...(signal ? { signal } : {}),
          ...(userId === undefined ? {} : { userId }),
        });
        return acceptOutput({ output: object, rawText, source });
      } catch (error) {
        onError?.(toRecallError(error));
        return { ...unchanged, hasNotation: hasNotation(rawText) };
      }
    },
  };
}

function acceptOutput(options: {
  output: TranscriptOutput;
  rawText: string;
  source: TranscriptSource;
}): ProcessedTranscript {
  const { output, rawText, source } = options;
  const text = restoreTags(output.text, rawText).trim();
  if (text === '' || text.length > rawText.length * MAX_GROWTH_FACTOR + MAX_GROWTH_SLACK) {
    throw new RecallError(
      'LLM_OUTPUT_INVALID',
      'The cleaned transcript is not a rewrite of the input.',
    );
  }
  const lowerText = text.toLowerCase();
  const corrections =
    source === 'voice'
      ? output.corrections.filter(
          ({ original, corrected }) =>
            original.trim() !== '' &&
            corrected.trim() !== '' &&
            original !== corrected &&
            lowerText.includes(corrected.toLowerCase()),
        )
      : [];
  return {
    text,
    rawText,
    corrections: corrections.map(({ original, corrected }) => ({
      original: restoreTags(original, rawText),
      corrected: restoreTags(corrected, rawText),
    })),
    hasNotation: hasNotation(text),
  };
}
