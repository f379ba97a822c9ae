// Public API of @recall/eval: the `recall-eval` command as functions, for scripts and CI.
//   @recall/eval/llm-choice   the `--llm` flag and the adapter it names

// Running
export { runCommand, writeReports } from './cli/main';
export type { CommandIO } from './cli/main';
export { parseEvalCommandLine, USAGE } from './cli/command-line';
export type { EvalCommandLine, EvalCommandLineResult } from './cli/command-line';
export { runEval, buildReport } from './run/run-eval';
export type { EvalReport, RunEvalOptions, SessionReport, TranscriptLine } from './run/run-eval';
export { runSession } from './run/run-session';
export type { RunSessionOptions, SessionRun } from './run/run-session';

// Inputs: sets, personas, thresholds
export { readRecallSetsFile, parseRecallSets, EVAL_ANSWER_KINDS } from './sets/sets-file';
export type { EvalAnswers, EvalAnswerKind, EvalRecallSet } from './sets/sets-file';
export { PERSONA_NAMES } from './personas/persona-types';
export type {
  PersonaName,
  Persona,
  LearnerAction,
  LearnerIntent,
  LearnerTurnContext,
  IntentKind,
  PersonaFactory,
  ScriptedPersona,
} from './personas/persona-types';
export { createPersona } from './personas/personas';
export { createLLMLearner, LLM_LEARNER } from './personas/llm-learner';
export type { LLMLearnerOptions } from './personas/llm-learner';
export { readThresholdsFile, parseThresholds, checkThresholds } from './thresholds/thresholds';
export type { Thresholds, Limits, Limit, Violation } from './thresholds/thresholds';

// Metrics, from the stored log
export { buildTranscript } from './metrics/transcript';
export type { Transcript, BuildTranscriptOptions, LLMCallRecord } from './metrics/transcript';
export {
  measureSession,
  firstStuckTurn,
  countQuestions,
  STUCK_TURNS,
} from './metrics/session-metrics';
export type { SessionMetrics, Finding } from './metrics/session-metrics';
export { aggregate, LIMITABLE_METRICS } from './metrics/aggregate';
export type { GroupMetrics, LimitableMetric } from './metrics/aggregate';

// Reports
export { renderMarkdownReport } from './report/markdown-report';
export { renderHtmlReport } from './report/html-report';

// Errors
export { RecallEvalError, EVAL_ERROR_CODES } from './errors';
export type { RecallEvalErrorCode } from './errors';
