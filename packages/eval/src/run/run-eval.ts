import type { LLMAdapter } from '@recall/core';
import { aggregate, type GroupMetrics } from '../metrics/aggregate';
import { type Finding, measureSession, type SessionMetrics } from '../metrics/session-metrics';
import type { Transcript } from '../metrics/transcript';
import type { PersonaFactory, PersonaName } from '../personas/persona-types';
import type { EvalRecallSet } from '../sets/sets-file';
import { runSession } from './run-session';

/** Options for {@link runEval}. */
export interface RunEvalOptions {
  llm: LLMAdapter;
  /** How the report names the model, e.g. `offline model`. @default llm.name */
  llmDescription?: string;
  sets: readonly EvalRecallSet[];
  /** Built-in personas by name, and other learners (e.g. `createLLMLearner`). */
  personas: readonly (PersonaName | PersonaFactory)[];
  /** Sessions per persona and set. @default 1 */
  runs?: number;
  /** Learner messages before the harness leaves a session. @default 40 */
  maxTurns?: number;
  /** Called after each session. */
  onProgress?: (progress: { done: number; total: number; label: string }) => void;
  /** Versions to record in the report. @default {} */
  versions?: Record<string, string>;
  /** Epoch ms clock for the run's duration. @default Date.now */
  clock?: () => number;
}

/** One line of a transcript, as the report shows it. */
export interface TranscriptLine {
  turn: number;
  speaker: 'learner' | 'tutor' | 'rabbithole' | 'near miss';
  text: string;
}

/** One session in the report: what it measured and, for the worst ones, its transcript. */
export interface SessionReport {
  persona: string;
  setId: string;
  run: number;
  metrics: Omit<SessionMetrics, 'firstTokenMs'>;
  /** How bad the session is: one point per finding, more for false credits and re-asks. */
  severity: number;
  lines?: TranscriptLine[];
}

/** What a run measured, per persona, per set and overall, with its settings. */
export interface EvalReport {
  settings: {
    llm: string;
    personas: readonly string[];
    sets: readonly string[];
    runs: number;
    maxTurns: number;
  };
  versions: Record<string, string>;
  durationMs: number;
  overall: GroupMetrics;
  personas: Record<string, GroupMetrics>;
  sets: Record<string, GroupMetrics>;
  sessions: SessionReport[];
}

/** How many of the worst sessions keep their transcript in the report. */
export const WORST_TRANSCRIPTS = 5;

const WEIGHTS: Record<Finding['metric'], number> = {
  falseCredits: 5,
  reAsks: 4,
  stuck: 4,
  questions: 2,
  answerLeak: 2,
  missedCredits: 1,
};

/** Runs every persona on every set `runs` times and measures the stored logs. */
export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  const runs = options.runs ?? 1;
  const maxTurns = options.maxTurns ?? 40;
  const total = options.sets.length * options.personas.length * runs;
  const measured: { transcript: Transcript; metrics: SessionMetrics }[] = [];
  for (const set of options.sets) {
    for (const persona of options.personas) {
      for (let run = 0; run < runs; run += 1) {
        const { transcript } = await runSession({ llm: options.llm, set, persona, run, maxTurns });
        measured.push({ transcript, metrics: measureSession(transcript) });
        options.onProgress?.({
          done: measured.length,
          total,
          label: `${nameOf(persona)} on ${set.recallSet.id}${runs > 1 ? ` (run ${run + 1})` : ''}`,
        });
      }
    }
  }
  return buildReport(measured, {
    llm: options.llmDescription ?? options.llm.name,
    personas: options.personas.map(nameOf),
    sets: options.sets.map((set) => set.recallSet.id),
    runs,
    maxTurns,
    versions: options.versions ?? {},
    durationMs: clock() - started,
  });
}

function nameOf(persona: PersonaName | PersonaFactory): string {
  return typeof persona === 'string' ? persona : persona.name;
}

/** Groups measured sessions into the report (exported for tests on planted transcripts). */
export function buildReport(
  measured: readonly { transcript: Transcript; metrics: SessionMetrics }[],
  settings: EvalReport['settings'] & { versions: Record<string, string>; durationMs: number },
): EvalReport {
  const group = (key: (transcript: Transcript) => string) => {
    const groups: Record<string, SessionMetrics[]> = {};
    for (const { transcript, metrics } of measured) {
      const name = key(transcript);
      groups[name] = [...(groups[name] ?? []), metrics];
    }
    return Object.fromEntries(
      Object.entries(groups).map(([name, list]) => [name, aggregate(list)]),
    );
  };
  const sessions = measured.map(
    ({ transcript, metrics }): SessionReport & { transcript: Transcript } => {
      const { firstTokenMs: _latencies, ...rest } = metrics;
      const severity = metrics.findings.reduce(
        (total, finding) => total + WEIGHTS[finding.metric],
        0,
      );
      return {
        persona: transcript.persona,
        setId: transcript.setId,
        run: transcript.run,
        metrics: rest,
        severity,
        transcript,
      };
    },
  );
  const worst = new Set(
    [...sessions]
      .filter((session) => session.severity > 0)
      .sort((a, b) => b.severity - a.severity)
      .slice(0, WORST_TRANSCRIPTS)
      .map((session) => session.transcript),
  );
  const { versions, durationMs, ...rest } = settings;
  return {
    settings: rest,
    versions,
    durationMs,
    overall: aggregate(measured.map((item) => item.metrics)),
    personas: group((transcript) => transcript.persona),
    sets: group((transcript) => transcript.setId),
    sessions: sessions.map(({ transcript, ...session }) =>
      worst.has(transcript) ? { ...session, lines: linesOf(transcript) } : session,
    ),
  };
}

/** A transcript in reading order: the opening, then each learner message and what answered it. */
export function linesOf(transcript: Transcript): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (let turn = 0; turn <= transcript.messages.length; turn += 1) {
    const message = transcript.messages[turn - 1];
    if (message !== undefined) lines.push({ turn, speaker: 'learner', text: message.content });
    for (const miss of transcript.nearMisses) {
      if (miss.turn === turn) lines.push({ turn, speaker: 'near miss', text: miss.feedback });
    }
    for (const reply of transcript.replies) {
      if (reply.turn === turn) lines.push({ turn, speaker: reply.agent, text: reply.content });
    }
  }
  return lines;
}
