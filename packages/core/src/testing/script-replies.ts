import type { ScriptedObjectReply } from './scripted-llm';
import type { TokenUsage } from '../events/catalog';

/** Options for {@link scriptEvaluation}. */
export interface ScriptEvaluationOptions {
  /** Points the judge finds recalled (certainty 0.9 unless given per point). */
  recalled?: readonly string[] | Readonly<Record<string, number>>;
  /** Near misses: point id → what was missing (certainty 0.8). */
  nearMiss?: Readonly<Record<string, string>>;
  /** Points the judge is sure were not addressed (never near misses). */
  notAddressed?: readonly string[];
  usage?: Partial<TokenUsage>;
  latencyMs?: number;
}

/** An evaluator reply in the engine's `evaluation` schema. */
export function scriptEvaluation(options: ScriptEvaluationOptions = {}): ScriptedObjectReply {
  const recalled = Array.isArray(options.recalled)
    ? Object.fromEntries((options.recalled as string[]).map((pointId) => [pointId, 0.9]))
    : ((options.recalled as Record<string, number> | undefined) ?? {});
  const points = [
    ...Object.entries(recalled).map(([pointId, certainty]) => ({
      pointId,
      recalled: true,
      nearMiss: false,
      missing: '',
      certainty,
      attempted: true,
      evidence: '',
    })),
    ...Object.entries(options.nearMiss ?? {}).map(([pointId, missing]) => ({
      pointId,
      recalled: false,
      nearMiss: true,
      missing,
      certainty: 0.8,
      attempted: true,
      evidence: '',
    })),
    ...(options.notAddressed ?? []).map((pointId) => ({
      pointId,
      recalled: false,
      nearMiss: false,
      missing: '',
      certainty: 0.95,
      attempted: false,
      evidence: '',
    })),
  ];
  return {
    object: { points },
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
