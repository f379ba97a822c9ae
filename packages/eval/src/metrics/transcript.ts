import {
  DEFAULT_ENGINE_CONFIG,
  type EngineConfig,
  estimateCostUsd,
  type RecallPoint,
  type SessionEvent,
  type SessionEventOf,
} from '@recall/core';
import type { LearnerIntent } from '../personas/persona-types';

/** Token usage as an `assistant_message` records it. */
type TokenUsage = NonNullable<SessionEventOf<'assistant_message'>['data']['usage']>;

/** One model call as the harness's adapter wrapper saw it. */
export interface LLMCallRecord {
  kind: string;
  /** Milliseconds from the call to its first text (streamed calls); null for object calls. */
  firstTokenMs: number | null;
}

/** A learner message; `turn` counts learner messages from 1. */
export interface TranscriptMessage {
  turn: number;
  content: string;
  intent: LearnerIntent | null;
}

/** A stored agent reply; `turn` is the number of learner messages before it (0: the opening). */
export interface TranscriptReply {
  turn: number;
  agent: 'tutor' | 'rabbithole';
  content: string;
  /** The stored `assistant_message.askedPointId`: the pending point its question asks about. */
  askedPointId: string | null;
  /** The stored `assistant_message.reaskedPointId`: the recalled point it asks about again. */
  reaskedPointId: string | null;
  /** Points not recalled when the reply was stored. */
  pendingPointIds: readonly string[];
  /** Points recalled when the reply was stored. */
  recalledPointIds: readonly string[];
}

/** A credit (`recall_point_recalled`) in the turn of the learner message that earned it. */
export interface TranscriptCredit {
  turn: number;
  pointId: string;
}

/** Near-miss feedback shown to the learner. */
export interface TranscriptNearMiss {
  turn: number;
  pointId: string;
  feedback: string;
}

/** Everything the metrics read about one session, derived from its stored log. */
export interface Transcript {
  setId: string;
  persona: string;
  run: number;
  points: readonly RecallPoint[];
  messages: readonly TranscriptMessage[];
  replies: readonly TranscriptReply[];
  credits: readonly TranscriptCredit[];
  nearMisses: readonly TranscriptNearMiss[];
  /** How the session ended: every point recalled and left, paused, or still open. */
  ending: 'completed' | 'paused' | 'open';
  /** FSRS ratings the engine wrote for this session (1 Again … 4 Easy). */
  ratings: readonly number[];
  /** Model calls the session made. */
  llmCalls: readonly LLMCallRecord[];
  /** Tokens the log records (tutor, rabbit-hole and judge usage). */
  tokens: number;
  /**
   * The usage the log records (`assistant_message.usage`, then `judgeUsage`) at the run's
   * prices, as the engine's summary prices it: known for every session, ended or not.
   */
  costUsd: number;
  /** `session_completed.summary.estimatedCostUsd` when the session completed. */
  estimatedCostUsd: number | null;
}

/** Options for {@link buildTranscript}. */
export interface BuildTranscriptOptions {
  setId: string;
  persona: string;
  run: number;
  points: readonly RecallPoint[];
  events: readonly SessionEvent[];
  /** The persona's label of each learner message, in order (the ground truth). */
  intents?: readonly (LearnerIntent | null)[];
  ratings?: readonly number[];
  llmCalls?: readonly LLMCallRecord[];
  /** The engine's price table the session ran with. @default DEFAULT_ENGINE_CONFIG.prices */
  prices?: EngineConfig['prices'];
}

/** Folds a session's stored log into the {@link Transcript} the metrics read. */
export function buildTranscript(options: BuildTranscriptOptions): Transcript {
  const { points } = options;
  const prices = options.prices ?? DEFAULT_ENGINE_CONFIG.prices;
  const messages: TranscriptMessage[] = [];
  const replies: TranscriptReply[] = [];
  const credits: TranscriptCredit[] = [];
  const nearMisses: TranscriptNearMiss[] = [];
  const recalled = new Set<string>();
  let ending: Transcript['ending'] = 'open';
  let tokens = 0;
  let conversation: TokenUsage = NO_USAGE;
  let judge: TokenUsage = NO_USAGE;
  let estimatedCostUsd: number | null = null;
  for (const event of options.events) {
    const turn = messages.length;
    switch (event.type) {
      case 'user_message':
        messages.push({
          turn: turn + 1,
          content: event.data.content,
          intent: options.intents?.[turn] ?? null,
        });
        break;
      case 'assistant_message': {
        const { usage, judgeUsage } = event.data;
        for (const record of [usage, judgeUsage]) {
          if (record !== undefined) tokens += record.inputTokens + record.outputTokens;
        }
        if (usage !== undefined) conversation = addUsage(conversation, usage);
        if (judgeUsage !== undefined) judge = addUsage(judge, judgeUsage);
        replies.push({
          turn,
          agent: event.data.agent,
          content: event.data.content,
          askedPointId: event.data.askedPointId ?? null,
          reaskedPointId: event.data.reaskedPointId ?? null,
          pendingPointIds: points.filter((point) => !recalled.has(point.id)).map((p) => p.id),
          recalledPointIds: [...recalled],
        });
        break;
      }
      case 'recall_point_recalled':
        recalled.add(event.data.pointId);
        credits.push({ turn, pointId: event.data.pointId });
        break;
      case 'recall_point_near_miss':
        nearMisses.push({ turn, pointId: event.data.pointId, feedback: event.data.feedback });
        break;
      case 'session_completed':
        ending = 'completed';
        estimatedCostUsd = event.data.summary.estimatedCostUsd ?? null;
        break;
      case 'session_paused':
        ending = 'paused';
        break;
      case 'session_started':
        ending = 'open';
        break;
      default:
        break;
    }
  }
  return {
    setId: options.setId,
    persona: options.persona,
    run: options.run,
    points,
    messages,
    replies,
    credits,
    nearMisses,
    ending,
    ratings: options.ratings ?? [],
    llmCalls: options.llmCalls ?? [],
    tokens,
    costUsd:
      estimateCostUsd(conversation, prices.conversation) + estimateCostUsd(judge, prices.judge),
    estimatedCostUsd,
  };
}

const NO_USAGE: TokenUsage = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
};

function addUsage(total: TokenUsage, more: TokenUsage): TokenUsage {
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    cacheReadTokens: total.cacheReadTokens + more.cacheReadTokens,
    cacheWriteTokens: total.cacheWriteTokens + more.cacheWriteTokens,
  };
}
