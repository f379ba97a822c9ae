import { CHUNKS, MODEL_TURN_MS, THINK_MS } from './model';
import type { RunResult, Target } from './run';

/** The knee: the first N whose p99 send → first chunk passes this. */
export const KNEE_MS = 500;

/** Turns/s N learners would complete if every reply took only the model's own time. */
export function offeredTurnsPerSecond(learners: number): number {
  return learners / ((THINK_MS + MODEL_TURN_MS) / 1000);
}

const round = (value: number, digits = 0) => value.toFixed(digits);

/** The target, marked when its server came from `--baseline`'s checkout. */
const label = (result: RunResult) =>
  result.build === 'baseline' ? `${result.target} (baseline)` : result.target;

/** One line per run, printed as it ends. */
export function printRun(result: RunResult): void {
  const { check } = result;
  console.log(
    `${label(result)}${result.scenario === 'class' ? ' class start' : ''} N=${result.learners} (load ${round(result.loadAverage[0], 2)}→${round(result.loadAverage[1], 2)}): ` +
      `${round(result.turnsPerSecond)} turns/s of ${round(offeredTurnsPerSecond(result.learners))} offered, ` +
      `first chunk p50/p99 ${round(result.firstChunkMs.p50)}/${round(result.firstChunkMs.p99)} ms, ` +
      `last event p99 ${round(result.lastEventMs.p99)} ms, start p99 ${round(result.sessionStartMs.p99)} ms, ` +
      `SQL ${round(result.statementsPerTurn, 2)}/turn ${round(result.startStatementsPerSession, 1)}/start, ` +
      (result.commitsPerTurn === undefined
        ? ''
        : `PostgreSQL commits ${round(result.commitsPerTurn, 2)}/turn, `) +
      `connections refused ${JSON.stringify(result.connectRefused)} timed out ${result.connectTimedOut}, ` +
      `frames ${round(result.framesPerTurn, 1)}/turn, ws writes ${round(result.webSocketWritesPerTurn, 1)}/turn, ` +
      `CPU ${round(result.serverCpuPercent)} % (${round(result.serverCpuMsPerTurn, 2)} ms/turn, ${round(result.serverSystemCpuMsPerTurn, 2)} in the kernel), RSS ${round(result.serverRssMb)} MB, ` +
      (result.postgresCpuPercent === undefined
        ? ''
        : `PostgreSQL CPU ${round(result.postgresCpuPercent)} % (${round(result.postgresCpuMsPerTurn ?? Number.NaN, 2)} ms/turn), `) +
      `lost/tail/dup/ooo ${check.lost}/${check.tail}/${check.duplicated}/${check.outOfOrder}` +
      (result.timedOut > 0 ? `, ${result.timedOut} turns timed out` : '') +
      (result.chunksPerReply < CHUNKS
        ? `, ${round(result.chunksPerReply, 1)} of ${CHUNKS} chunks seen per reply`
        : '') +
      (Object.keys(result.refusals).length > 0
        ? `, refused ${JSON.stringify(result.refusals)}`
        : '') +
      (result.greeted < result.learners
        ? `, ${result.learners - result.greeted} never greeted`
        : ''),
  );
  for (const entry of result.profile) {
    console.log(`    ${round(100 * entry.share, 1)} %  ${entry.name}`);
  }
  if (result.writev !== undefined) {
    const { postgres, webSocket, other } = result.writev;
    console.log(
      `    writev time: ${round(100 * postgres, 1)} % PostgreSQL driver, ` +
        `${round(100 * webSocket, 1)} % WebSocket frames, ${round(100 * other, 1)} % other`,
    );
  }
}

const ROWS: Array<[string, (result: RunResult) => string]> = [
  ['turns/s', (result) => round(result.turnsPerSecond)],
  ['events/s', (result) => round(result.eventsPerSecond)],
  [
    'send → first chunk p50/p95/p99 ms',
    (r) => `${round(r.firstChunkMs.p50)}/${round(r.firstChunkMs.p95)}/${round(r.firstChunkMs.p99)}`,
  ],
  [
    'send → last event p50/p95/p99 ms',
    (r) => `${round(r.lastEventMs.p50)}/${round(r.lastEventMs.p95)}/${round(r.lastEventMs.p99)}`,
  ],
  ['session start p99 ms', (result) => round(result.sessionStartMs.p99)],
  ['server CPU % of a core', (result) => round(result.serverCpuPercent)],
  [
    'server CPU ms / turn (kernel)',
    (r) => `${round(r.serverCpuMsPerTurn, 2)} (${round(r.serverSystemCpuMsPerTurn, 2)})`,
  ],
  ['server RSS MB', (result) => round(result.serverRssMb)],
  [
    'PostgreSQL CPU % of a core',
    (result) => (result.postgresCpuPercent === undefined ? '' : round(result.postgresCpuPercent)),
  ],
  [
    'PostgreSQL CPU ms / turn',
    (result) =>
      result.postgresCpuMsPerTurn === undefined ? '' : round(result.postgresCpuMsPerTurn, 2),
  ],
  ['SQL statements / turn', (result) => round(result.statementsPerTurn, 2)],
  ['SQL statements / session start', (result) => round(result.startStatementsPerSession, 1)],
  [
    'PostgreSQL commits / turn',
    (result) => (result.commitsPerTurn === undefined ? '' : round(result.commitsPerTurn, 2)),
  ],
  [
    'connections refused / timed out',
    (r) =>
      `${Object.values(r.connectRefused).reduce((sum, count) => sum + count, 0)}/${r.connectTimedOut}`,
  ],
  ['frames / turn', (result) => round(result.framesPerTurn, 1)],
  [`chunks seen / reply (of ${CHUNKS})`, (result) => round(result.chunksPerReply, 1)],
  ['socket writes / turn', (result) => round(result.webSocketWritesPerTurn, 1)],
  [
    'lost / dup / out of order',
    (r) => `${r.check.lost}/${r.check.duplicated}/${r.check.outOfOrder}`,
  ],
  [
    'load average (1 min) before→after',
    (r) => `${round(r.loadAverage[0], 1)}→${round(r.loadAverage[1], 1)}`,
  ],
];

/** A table per N: one column per target, the bare baseline first. */
export function printTable(
  results: readonly RunResult[],
  sweep: readonly number[],
  scenario: RunResult['scenario'] = 'turns',
): void {
  for (const learners of sweep) {
    const columns = results.filter(
      (result) => result.learners === learners && result.scenario === scenario,
    );
    if (columns.length === 0) continue;
    console.log(
      `\n${scenario === 'class' ? 'class start, ' : ''}N = ${learners} (offered ≈ ${round(offeredTurnsPerSecond(learners))} turns/s)`,
    );
    const header = ['', ...columns.map(label)];
    const rows = ROWS.map(([name, value]) => [name, ...columns.map(value)]);
    const widths = header.map((_, index) =>
      Math.max(...[header, ...rows].map((row) => row[index]!.length)),
    );
    for (const row of [header, ...rows]) {
      console.log(
        row
          .map((cell, index) =>
            index === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[index]!),
          )
          .join('  '),
      );
    }
  }
}

/** The knee per target: the first N whose p99 first chunk passes {@link KNEE_MS}. */
export function printKnees(
  results: readonly RunResult[],
  storages: readonly Target[],
  sweep: readonly number[],
): void {
  console.log(`\nknee (p99 send → first chunk > ${KNEE_MS} ms):`);
  for (const target of ['bare', ...storages] as Target[]) {
    const runs = results.filter(
      (result) =>
        result.target === target && result.scenario === 'turns' && result.build === 'branch',
    );
    const knee = runs.find((result) => result.firstChunkMs.p99 > KNEE_MS);
    const largest = Math.max(0, ...runs.map((result) => result.learners));
    console.log(
      `  ${target}: ${knee === undefined ? `none up to N = ${largest}` : `N = ${knee.learners}`}` +
        (largest < Math.max(...sweep) && knee === undefined ? ' (larger N not run)' : ''),
    );
  }
}
