import type { TokenUsage } from '../events/catalog';
import { parseEvaluatorRequest } from '../prompts/evaluator-prompt';
import type { ScriptedObjectReply, ScriptedRequest } from './scripted-llm';

/** Options for {@link scriptEvaluation}. */
export interface ScriptEvaluationOptions {
  /** Points the judge finds recalled (certainty 0.9 unless given per point). */
  recalled?: readonly string[] | Readonly<Record<string, number>>;
  /**
   * The evidence quoted per recalled point. @default the learner's whole latest message, as
   * the request carries it (the engine still drops it when it echoes what was shown, or asks)
   */
  evidence?: Readonly<Record<string, string>>;
  /** Near misses: point id → what was missing (certainty 0.8). Near misses are attempts. */
  nearMiss?: Readonly<Record<string, string>>;
  /** Points the message tried and missed without coming close ("I don't remember", wrong). */
  attempted?: readonly string[];
  /** Points the judge is sure were not addressed (never near misses, never attempts). */
  notAddressed?: readonly string[];
  usage?: Partial<TokenUsage>;
  latencyMs?: number;
}

/**
 * An evaluator reply in the engine's `evaluation` schema. Recalled points quote the learner's
 * latest message as their evidence unless `evidence` names other words.
 *
 * @example
 * scriptEvaluation({ recalled: ['p2'], attempted: ['p1'] }); // p2 volunteered, p1 a failed attempt
 */
export function scriptEvaluation(options: ScriptEvaluationOptions = {}): ScriptedObjectReply {
  const recalled = Array.isArray(options.recalled)
    ? Object.fromEntries((options.recalled as string[]).map((pointId) => [pointId, 0.9]))
    : ((options.recalled as Record<string, number> | undefined) ?? {});
  const verdict = (pointId: string, fields: Record<string, unknown>) => ({
    pointId,
    recalled: false,
    nearMiss: false,
    missing: '',
    certainty: 0.9,
    attempted: false,
    evidence: '',
    ...fields,
  });
  const object = (request: ScriptedRequest) => {
    const latest = parseEvaluatorRequest(request.messages.at(-1)?.content ?? '').latestMessage;
    return {
      points: [
        ...Object.entries(recalled).map(([pointId, certainty]) =>
          verdict(pointId, {
            recalled: true,
            certainty,
            attempted: true,
            evidence: options.evidence?.[pointId] ?? latest,
          }),
        ),
        ...Object.entries(options.nearMiss ?? {}).map(([pointId, missing]) =>
          verdict(pointId, { nearMiss: true, missing, certainty: 0.8, attempted: true }),
        ),
        ...(options.attempted ?? []).map((pointId) => verdict(pointId, { attempted: true })),
        ...(options.notAddressed ?? []).map((pointId) => verdict(pointId, { certainty: 0.95 })),
      ],
    };
  };
  return {
    object,
    ...(options.usage === undefined ? {} : { usage: options.usage }),
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
  };
}

/** Options for {@link scriptDetection}. */
export interface ScriptDetectionOptions {
  topic: string;
  /** @default the topic */
  label?: string;
  /** @default 0.8 */
  certainty?: number;
  relatedPointIds?: string[];
  usage?: Partial<TokenUsage>;
  latencyMs?: number;
}

/** A detector reply that finds a tangent. */
export function scriptDetection(options: ScriptDetectionOptions): ScriptedObjectReply {
  return {
    object: {
      isRabbithole: true,
      topic: options.topic,
      label: options.label ?? options.topic,
      relatedPointIds: options.relatedPointIds ?? [],
      certainty: options.certainty ?? 0.8,
      reasoning: 'Scripted tangent.',
    },
    ...(options.usage === undefined ? {} : { usage: options.usage }),
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
  };
}
