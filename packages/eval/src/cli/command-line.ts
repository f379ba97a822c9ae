import { parseArgs } from 'node:util';
import { RecallEvalError } from '../errors';
import { type LLMChoice, LLMChoiceError, parseLLMChoice } from '../llm/llm-choice';
import { PERSONA_NAMES, type PersonaName } from '../personas/persona-types';

/** Everything a `recall-eval` command line decides. */
export interface EvalCommandLine {
  sets: string;
  llm: LLMChoice;
  personas: PersonaName[];
  runs: number;
  maxTurns: number;
  out: string;
  thresholds: string | undefined;
  /** `--learner-llm`: a model role-playing one more learner; undefined without the flag. */
  learnerLLM: LLMChoice | undefined;
  /** `--learner-knows`: the share of points the LLM learner knows. */
  learnerKnows: number;
}

/** What {@link parseEvalCommandLine} asks the caller to do. */
export type EvalCommandLineResult = { kind: 'help' } | { kind: 'run'; options: EvalCommandLine };

export const DEFAULT_OUT = 'recall-eval-report';

export const USAGE = `Usage: recall-eval --sets <recall-sets.json> --llm <which> [options]

Runs scripted learners (personas) through real Recall sessions against a model, measures the
stored event logs, and writes report.json, report.md and report.html.

Options:
  --sets <file>          JSON array of defineRecallSet inputs; each point may carry
                         evalAnswers (eval-only answers by kind, never sent to a model)
  --llm <which>          offline | anthropic | openai-compatible:<baseURL> | module:<path>
                         (default offline)
  --model <id>           the tutor model (anthropic, openai-compatible; env
                         OPENAI_COMPATIBLE_MODEL for openai-compatible)
  --judge-model <id>     the judge model (default: the tutor model for openai-compatible)
  --structured-output <mode>
                         openai-compatible: native (default) | text
  --personas <list>      all, or a comma list of: ${PERSONA_NAMES.join(', ')}
                         (default all)
  --runs <n>             sessions per persona and set (default 1)
  --max-turns <n>        learner messages before leaving a session (default 40)
  --out <dir>            where the reports go (default ${DEFAULT_OUT})
  --thresholds <file>    JSON limits per metric; exits 1 and names each limit crossed
  --learner-llm <which>  adds a learner played by a model (same values as --llm), reported
                         as persona llm-learner
  --learner-model <id>   its model (anthropic, openai-compatible)
  --learner-knows <0-1>  share of each set's points it knows (default 0.5)
  -h, --help             show this help

module:<path> loads a module whose default export is an LLMAdapter or a function returning
one. anthropic reads ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL); openai-compatible reads
OPENAI_COMPATIBLE_API_KEY, else OPENAI_API_KEY.`;

/**
 * Parses `recall-eval`'s flags. Pure: the environment comes in as an option. Throws
 * `RecallEvalError` `EVAL_BAD_FLAG` naming the flag to change.
 */
export function parseEvalCommandLine(
  argv: readonly string[],
  options: { env: Readonly<Record<string, string | undefined>> },
): EvalCommandLineResult {
  const values = readFlags(argv);
  if (values.help === true) return { kind: 'help' };
  if (values.sets === undefined || values.sets.trim() === '') {
    throw new RecallEvalError('EVAL_BAD_FLAG', '--sets <recall-sets.json> is required.');
  }
  const llm = llmFlag('--llm', values.llm ?? 'offline', {
    model: values.model,
    judgeModel: values['judge-model'],
    structuredOutput: values['structured-output'],
    env: options.env,
    anthropicModels: true,
  });
  if (values['learner-llm'] === undefined) {
    const orphan = (['learner-model', 'learner-knows'] as const).find(
      (flag) => values[flag] !== undefined,
    );
    if (orphan !== undefined) {
      throw new RecallEvalError('EVAL_BAD_FLAG', `--${orphan} goes with --learner-llm <which>.`);
    }
  }
  const learnerLLM =
    values['learner-llm'] === undefined
      ? undefined
      : llmFlag('--learner-llm', values['learner-llm'], {
          model: values['learner-model'],
          env: options.env,
          anthropicModels: true,
        });
  return {
    kind: 'run',
    options: {
      sets: values.sets,
      llm,
      personas: parsePersonas(values.personas ?? 'all'),
      runs: wholeNumber('--runs', values.runs, 1),
      maxTurns: wholeNumber('--max-turns', values['max-turns'], 40),
      out: values.out ?? DEFAULT_OUT,
      thresholds: values.thresholds,
      learnerLLM,
      learnerKnows: share('--learner-knows', values['learner-knows'], 0.5),
    },
  };
}

function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        sets: { type: 'string' },
        llm: { type: 'string' },
        model: { type: 'string' },
        'judge-model': { type: 'string' },
        'structured-output': { type: 'string' },
        personas: { type: 'string' },
        runs: { type: 'string' },
        'max-turns': { type: 'string' },
        out: { type: 'string' },
        thresholds: { type: 'string' },
        'learner-llm': { type: 'string' },
        'learner-model': { type: 'string' },
        'learner-knows': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('. ')[0] : String(error);
    throw new RecallEvalError('EVAL_BAD_FLAG', `${message}. Run with --help for the options.`);
  }
}

function llmFlag(
  flag: string,
  raw: string,
  options: Parameters<typeof parseLLMChoice>[1],
): LLMChoice {
  let choice: LLMChoice;
  try {
    choice = parseLLMChoice(raw, options);
  } catch (error) {
    if (error instanceof LLMChoiceError) {
      throw new RecallEvalError('EVAL_BAD_FLAG', error.message.replace(/^--llm\b/, flag));
    }
    throw error;
  }
  if (choice.kind === 'anthropic' && (options.env.ANTHROPIC_API_KEY ?? '').trim() === '') {
    throw new RecallEvalError(
      'EVAL_BAD_FLAG',
      `${flag} anthropic needs the ANTHROPIC_API_KEY environment variable.`,
    );
  }
  return choice;
}

function share(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !(value >= 0 && value <= 1)) {
    throw new RecallEvalError(
      'EVAL_BAD_FLAG',
      `${flag} must be a number from 0 to 1, not "${raw}".`,
    );
  }
  return value;
}

function parsePersonas(raw: string): PersonaName[] {
  if (raw.trim() === 'all') return [...PERSONA_NAMES];
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(PERSONA_NAMES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new RecallEvalError(
      'EVAL_BAD_FLAG',
      `--personas must be all or a comma list of ${PERSONA_NAMES.join(', ')}${unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''}.`,
    );
  }
  return [...new Set(names)] as PersonaName[];
}

function wholeNumber(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < 1 || value > 10_000) {
    throw new RecallEvalError(
      'EVAL_BAD_FLAG',
      `${flag} must be a whole number from 1 to 10000, not "${raw}".`,
    );
  }
  return value;
}
