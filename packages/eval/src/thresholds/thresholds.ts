import { readFile } from 'node:fs/promises';
import { RecallEvalError } from '../errors';
import { type GroupMetrics, LIMITABLE_METRICS, type LimitableMetric } from '../metrics/aggregate';
import type { EvalReport } from '../run/run-eval';

/** Bounds on one metric: the value must be ≤ `max` and ≥ `min`. */
export interface Limit {
  max?: number;
  min?: number;
}

/** Limits by metric name. */
export type Limits = Partial<Record<LimitableMetric, Limit>>;

/**
 * A thresholds file: limits over all sessions, per persona and per set. A metric with no
 * value (e.g. turns to completion when nothing completed, or a point never asked) crosses
 * any `max` it has.
 */
export interface Thresholds {
  overall?: Limits;
  personas?: Record<string, Limits>;
  sets?: Record<string, Limits>;
}

/** A crossed limit. */
export interface Violation {
  scope: string;
  metric: LimitableMetric;
  limit: Limit;
  value: number | null;
  message: string;
}

/** Reads a thresholds file; rejects with `EVAL_THRESHOLDS_INVALID`. */
export async function readThresholdsFile(file: string): Promise<Thresholds> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new RecallEvalError(
      'EVAL_THRESHOLDS_INVALID',
      `cannot read the thresholds file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseThresholds(value, file);
}

/** Checks the shape of a thresholds object; throws `EVAL_THRESHOLDS_INVALID`. */
export function parseThresholds(value: unknown, source = 'the thresholds'): Thresholds {
  const fail = (message: string): never => {
    throw new RecallEvalError('EVAL_THRESHOLDS_INVALID', `${source}: ${message}`);
  };
  if (!isRecord(value)) fail('must be a JSON object with overall, personas and/or sets.');
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'overall' && key !== 'personas' && key !== 'sets' && key !== '$comment') {
      fail(`unknown key "${key}" (expected overall, personas, sets).`);
    }
  }
  const limits = (raw: unknown, where: string): Limits => {
    if (!isRecord(raw)) return fail(`${where} must be an object of limits by metric.`);
    for (const [metric, limit] of Object.entries(raw)) {
      if (!(LIMITABLE_METRICS as readonly string[]).includes(metric)) {
        fail(`${where}.${metric} is not a metric (one of ${LIMITABLE_METRICS.join(', ')}).`);
      }
      if (
        !isRecord(limit) ||
        Object.keys(limit).length === 0 ||
        Object.entries(limit).some(
          ([bound, number]) => (bound !== 'max' && bound !== 'min') || typeof number !== 'number',
        )
      ) {
        fail(`${where}.${metric} must be { "max"?: number, "min"?: number }.`);
      }
    }
    return raw as Limits;
  };
  const scoped = (key: 'personas' | 'sets') => {
    const raw = record[key];
    if (raw === undefined) return undefined;
    if (!isRecord(raw)) return fail(`${key} must be an object of limits by name.`);
    return Object.fromEntries(
      Object.entries(raw).map(([name, entry]) => [name, limits(entry, `${key}.${name}`)]),
    );
  };
  const personas = scoped('personas');
  const sets = scoped('sets');
  return {
    ...(record.overall === undefined ? {} : { overall: limits(record.overall, 'overall') }),
    ...(personas === undefined ? {} : { personas }),
    ...(sets === undefined ? {} : { sets }),
  };
}

/** Every limit the report crosses. Limits for a persona or set the run did not include are skipped. */
export function checkThresholds(report: EvalReport, thresholds: Thresholds): Violation[] {
  const violations: Violation[] = [];
  const check = (scope: string, metrics: GroupMetrics | undefined, limits: Limits | undefined) => {
    if (metrics === undefined || limits === undefined) return;
    for (const metric of LIMITABLE_METRICS) {
      const limit = limits[metric];
      if (limit === undefined) continue;
      const value = metrics[metric];
      const tooHigh = limit.max !== undefined && (value === null || value > limit.max);
      const tooLow = limit.min !== undefined && value !== null && value < limit.min;
      if (!tooHigh && !tooLow) continue;
      const bound = tooHigh ? `at most ${limit.max}` : `at least ${limit.min}`;
      violations.push({
        scope,
        metric,
        limit,
        value,
        message: `${scope}: ${metric} is ${value === null ? 'never reached' : format(value)}, the limit is ${bound}`,
      });
    }
  };
  check('overall', report.overall, thresholds.overall);
  for (const [name, limits] of Object.entries(thresholds.personas ?? {})) {
    check(`persona ${name}`, report.personas[name], limits);
  }
  for (const [name, limits] of Object.entries(thresholds.sets ?? {})) {
    check(`set ${name}`, report.sets[name], limits);
  }
  return violations;
}

function format(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
