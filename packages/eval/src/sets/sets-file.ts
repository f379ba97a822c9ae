import { readFile } from 'node:fs/promises';
import { defineRecallSet, type RecallSet, type RecallSetDefinition } from '@recall/core';
import { RecallEvalError } from '../errors';

/** The kinds of human-written answer a sets file may give a point, for the personas. */
export const EVAL_ANSWER_KINDS = ['strong', 'partial', 'negated', 'confused', 'question'] as const;
/** One of {@link EVAL_ANSWER_KINDS}. */
export type EvalAnswerKind = (typeof EVAL_ANSWER_KINDS)[number];

/**
 * Eval-only answers to one point, by kind: one or several human-written texts each. They are
 * stripped before `defineRecallSet`, so they never reach the engine or a prompt.
 */
export type EvalAnswers = Partial<Record<EvalAnswerKind, string | readonly string[]>>;

/** A recall set to evaluate: the stored set and the eval-only answers by point id. */
export interface EvalRecallSet {
  recallSet: RecallSet;
  /** Point id → its answers (points without `evalAnswers` are absent). */
  answers: ReadonlyMap<string, EvalAnswers>;
}

/** Reads and checks a sets file (see {@link parseRecallSets}). Rejects with `EVAL_SETS_INVALID`. */
export async function readRecallSetsFile(
  file: string,
  options: { now?: number } = {},
): Promise<EvalRecallSet[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new RecallEvalError('EVAL_SETS_INVALID', `cannot read the sets file ${file} (${code}).`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RecallEvalError(
      'EVAL_SETS_INVALID',
      `the sets file ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseRecallSets(value, { ...options, source: file });
}

/**
 * Turns an array of `defineRecallSet` inputs (each point may carry `evalAnswers`) into
 * recall sets. Sets and points without an id get stable ones (`set-1`, `set-1-point-2`), so
 * reports of two runs name the same things. Throws `RecallEvalError` `EVAL_SETS_INVALID`.
 */
export function parseRecallSets(
  value: unknown,
  options: { now?: number; source?: string } = {},
): EvalRecallSet[] {
  const where = options.source ?? 'the sets file';
  const fail = (message: string): never => {
    throw new RecallEvalError('EVAL_SETS_INVALID', `${where}: ${message}`);
  };
  if (!Array.isArray(value) || value.length === 0) {
    fail('must be a non-empty JSON array of recall set definitions.');
  }
  const seen = new Set<string>();
  return (value as unknown[]).map((entry, setIndex) => {
    if (!isRecord(entry) || !Array.isArray(entry.points)) {
      return fail(`set ${setIndex + 1} must be an object with a "points" array.`);
    }
    const setId = typeof entry.id === 'string' ? entry.id : `set-${setIndex + 1}`;
    if (seen.has(setId)) fail(`two sets have the id "${setId}".`);
    seen.add(setId);
    const answers = new Map<string, EvalAnswers>();
    const points = entry.points.map((point: unknown, pointIndex: number) => {
      if (!isRecord(point)) return fail(`set "${setId}" point ${pointIndex + 1} is not an object.`);
      const { evalAnswers, ...definition } = point;
      const id =
        typeof definition.id === 'string' ? definition.id : `${setId}-point-${pointIndex + 1}`;
      if (evalAnswers !== undefined) {
        answers.set(id, checkAnswers(evalAnswers, `set "${setId}" point ${pointIndex + 1}`, fail));
      }
      return { ...definition, id };
    });
    try {
      const recallSet = defineRecallSet(
        { ...(entry as unknown as RecallSetDefinition), id: setId, points } as RecallSetDefinition,
        { now: options.now ?? Date.now(), ids: counter(setId) },
      );
      return { recallSet, answers };
    } catch (error) {
      return fail(
        `set "${setId}" is not a valid recall set definition: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
}

function checkAnswers(
  value: unknown,
  where: string,
  fail: (message: string) => never,
): EvalAnswers {
  if (!isRecord(value)) return fail(`${where}: evalAnswers must be an object of answers by kind.`);
  const answers: EvalAnswers = {};
  for (const [kind, texts] of Object.entries(value)) {
    if (!(EVAL_ANSWER_KINDS as readonly string[]).includes(kind)) {
      fail(`${where}: evalAnswers.${kind} is not one of ${EVAL_ANSWER_KINDS.join(', ')}.`);
    }
    const list = typeof texts === 'string' ? [texts] : texts;
    if (!Array.isArray(list) || list.length === 0 || !list.every(isText)) {
      fail(`${where}: evalAnswers.${kind} must be a non-empty string or array of strings.`);
    }
    answers[kind as EvalAnswerKind] = list as string[];
  }
  return answers;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stable ids for what a definition leaves unnamed (resources). */
function counter(prefix: string): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}-item-${next}`;
  };
}
