import { assertNever } from '../internal/assert-never';
import type { LLMCallKind } from './llm-adapter';

/** The two model roles every adapter configures: conversation and judgment. */
export type ModelRole = 'tutor' | 'judge';

/** The role a call kind plays: `tutor` and `rabbithole` converse, the rest judge. */
export function roleOfCallKind(kind: LLMCallKind): ModelRole {
  switch (kind) {
    case 'tutor':
    case 'rabbithole':
      return 'tutor';
    case 'evaluator':
    case 'detector':
    case 'transcript':
    case 'terms':
      return 'judge';
    default:
      return assertNever(kind, 'LLM call kind');
  }
}
