import type Anthropic from '@anthropic-ai/sdk';

/**
 * The default model for the tutor and the rabbit-hole agent: the newest Sonnet in the
 * installed SDK's `Model` list (conversational quality at moderate latency and cost).
 */
export const ANTHROPIC_DEFAULT_TUTOR_MODEL = 'claude-sonnet-5-5' satisfies Anthropic.Model;

/**
 * The default model for judges (evaluator, rabbit-hole detector, transcript and term jobs):
 * the newest Haiku in the installed SDK's `Model` list (fast and cheap for short JSON verdicts).
 */
export const ANTHROPIC_DEFAULT_JUDGE_MODEL = 'claude-haiku-5-5' satisfies Anthropic.Model;

/** Which model serves which role. Any Messages API model id is accepted. */
export interface AnthropicModels {
  /**
   * Model for `tutor` and `rabbithole` calls.
   * @default ANTHROPIC_DEFAULT_TUTOR_MODEL
   */
  tutor: Anthropic.Model;
  /**
   * Model for `evaluator`, `detector`, `transcript` and `terms` calls.
   * @default ANTHROPIC_DEFAULT_JUDGE_MODEL
   */
  judge: Anthropic.Model;
}

/** The model ids used when none are configured. */
export const ANTHROPIC_DEFAULT_MODELS: Readonly<AnthropicModels> = Object.freeze({
  tutor: ANTHROPIC_DEFAULT_TUTOR_MODEL,
  judge: ANTHROPIC_DEFAULT_JUDGE_MODEL,
});

/** The role a call kind plays: conversation or judgment. */
export { roleOfCallKind } from '../model-role';
