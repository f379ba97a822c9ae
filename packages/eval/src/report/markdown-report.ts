import type { GroupMetrics } from '../metrics/aggregate';
import type { EvalReport } from '../run/run-eval';
import { decimal, percent, type TimingOption } from './format';
import { personaNote } from './persona-notes';

interface Column {
  title: string;
  cell: (metrics: GroupMetrics) => string;
  timing?: boolean;
}

const COLUMNS: readonly Column[] = [
  { title: 'sessions', cell: (m) => String(m.sessions) },
  { title: 'completed', cell: (m) => percent(m.completionRate) },
  { title: 'stuck', cell: (m) => percent(m.stuckRate) },
  { title: 'turns to completion', cell: (m) => decimal(m.turnsToCompletion) },
  { title: 're-asks', cell: (m) => String(m.reAsks) },
  {
    title: 'questions/reply 0·1·2+',
    cell: (m) =>
      `${percent(m.questionsPerReply.zero)} · ${percent(m.questionsPerReply.one)} · ${percent(m.questionsPerReply.twoPlus)}`,
  },
  {
    title: 'leak tutor max·mean',
    cell: (m) => `${percent(m.tutorLeakMax)} · ${percent(m.tutorLeakMean)}`,
  },
  {
    title: 'leak rabbit hole max·mean',
    cell: (m) => `${percent(m.rabbitholeLeakMax)} · ${percent(m.rabbitholeLeakMean)}`,
  },
  { title: 'false credits', cell: (m) => String(m.falseCredits) },
  { title: 'missed credits', cell: (m) => String(m.missedCredits) },
  {
    title: 'FSRS again·hard·good·easy',
    cell: (m) => `${m.ratings.again}·${m.ratings.hard}·${m.ratings.good}·${m.ratings.easy}`,
  },
  { title: 'all asked by turn', cell: (m) => decimal(m.allPointsAskedByTurn) },
  { title: 'longest ask run', cell: (m) => String(m.longestAskRun) },
  {
    title: 'first token p50·p95 ms',
    cell: (m) => `${decimal(m.firstTokenMsP50, 0)} · ${decimal(m.firstTokenMsP95, 0)}`,
    timing: true,
  },
  { title: 'requests/turn', cell: (m) => decimal(m.requestsPerTurn, 2) },
  { title: 'tokens/session', cell: (m) => decimal(m.tokensPerSession, 0) },
  { title: 'cost/session', cell: (m) => `$${m.costPerSessionUsd.toFixed(4)}` },
  {
    title: 'cost/completed session',
    cell: (m) =>
      m.costPerCompletedSessionUsd === null ? '—' : `$${m.costPerCompletedSessionUsd.toFixed(4)}`,
  },
];

/** Markdown table cells must not break the table. */
function cellText(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The report as Markdown: settings, then one summary table per persona and per set. */
export function renderMarkdownReport(report: EvalReport, options: TimingOption = {}): string {
  const timings = options.timings ?? true;
  const columns = COLUMNS.filter((column) => timings || column.timing !== true);
  const table = (title: string, rows: [string, GroupMetrics][]) => {
    const header = `| ${title} | ${columns.map((c) => c.title).join(' | ')} |`;
    const rule = `|${' --- |'.repeat(columns.length + 1)}`;
    const body = rows.map(
      ([name, metrics]) =>
        `| ${cellText(name)} | ${columns.map((c) => cellText(c.cell(metrics))).join(' | ')} |`,
    );
    return [header, rule, ...body].join('\n');
  };
  const { settings } = report;
  const lines = [
    '# Recall eval report',
    '',
    `Model: ${cellText(settings.llm)}. Sets: ${settings.sets.join(', ')}. Personas: ${settings.personas.join(', ')}. Runs: ${settings.runs}, at most ${settings.maxTurns} learner turns each.`,
    ...(timings
      ? [
          '',
          `Ran ${report.sessions.length} sessions in ${(report.durationMs / 1000).toFixed(1)} s.`,
        ]
      : []),
    '',
    '## By persona',
    '',
    table('persona', [...Object.entries(report.personas), ['**overall**', report.overall]]),
    '',
    '## By set',
    '',
    table('set', Object.entries(report.sets)),
    '',
    ...personaLegend(Object.keys(report.personas)),
    'Every metric is computed from the stored event log; formulas are in the `@recall/eval` README.',
    '',
  ];
  return lines.join('\n');
}

/** How to read each persona's row: the persona notes of the personas in the run. */
function personaLegend(names: readonly string[]): string[] {
  const notes = names.flatMap((name) => {
    const note = personaNote(name);
    return note === undefined ? [] : [`- **${cellText(name)}**: ${note}`];
  });
  return notes.length === 0 ? [] : ['## Reading the personas', '', ...notes, ''];
}
