import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RecallEvalError } from '../errors';
import { createLLM } from '../llm/create-llm';
import { createLLMLearner } from '../personas/llm-learner';
import { renderHtmlReport } from '../report/html-report';
import { renderMarkdownReport } from '../report/markdown-report';
import { type EvalReport, runEval } from '../run/run-eval';
import { readRecallSetsFile } from '../sets/sets-file';
import { checkThresholds, readThresholdsFile } from '../thresholds/thresholds';
import { parseEvalCommandLine, USAGE } from './command-line';
import { progressReporter } from './progress';
import { readVersions } from './versions';

/** Where the command writes and what it reads; `process` in the real command. */
export interface CommandIO {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
}

/** Writes report.json, report.md and report.html into `directory` and returns their paths. */
export async function writeReports(report: EvalReport, directory: string): Promise<string[]> {
  await mkdir(directory, { recursive: true });
  const files: [string, string][] = [
    ['report.json', `${JSON.stringify(report, null, 2)}\n`],
    ['report.md', renderMarkdownReport(report)],
    ['report.html', renderHtmlReport(report)],
  ];
  for (const [name, text] of files) await writeFile(join(directory, name), text);
  return files.map(([name]) => join(directory, name));
}

/**
 * `recall-eval`: parses the flags, runs the personas, writes the reports, checks the
 * thresholds. Resolves to the exit code: 0, 1 when a threshold is crossed, 2 for bad input.
 */
export async function runCommand(argv: readonly string[], io: CommandIO): Promise<number> {
  try {
    const parsed = parseEvalCommandLine(argv, { env: io.env });
    if (parsed.kind === 'help') {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const options = parsed.options;
    const sets = await readRecallSetsFile(resolve(io.cwd, options.sets));
    const thresholds =
      options.thresholds === undefined
        ? undefined
        : await readThresholdsFile(resolve(io.cwd, options.thresholds));
    const { llm, description } = await createLLM(options.llm, { cwd: io.cwd, env: io.env });
    const learners =
      options.learnerLLM === undefined
        ? []
        : [
            createLLMLearner({
              llm: (await createLLM(options.learnerLLM, { cwd: io.cwd, env: io.env })).llm,
              knownShare: options.learnerKnows,
            }),
          ];
    const progress = progressReporter(io.stdout);
    const report = await runEval({
      llm,
      llmDescription: description,
      sets,
      personas: [...options.personas, ...learners],
      runs: options.runs,
      maxTurns: options.maxTurns,
      versions: readVersions(),
      onProgress: progress,
    });
    const files = await writeReports(report, resolve(io.cwd, options.out));
    io.stdout.write(
      `${report.sessions.length} sessions in ${(report.durationMs / 1000).toFixed(1)} s; wrote ${files.join(', ')}\n`,
    );
    if (thresholds === undefined) return 0;
    const violations = checkThresholds(report, thresholds);
    if (violations.length === 0) {
      io.stdout.write('Every threshold holds.\n');
      return 0;
    }
    io.stderr.write(
      `${violations.length} threshold(s) crossed:\n${violations.map((v) => `  ${v.message}`).join('\n')}\n`,
    );
    return 1;
  } catch (error) {
    if (error instanceof RecallEvalError) {
      io.stderr.write(`recall-eval: ${error.message} [${error.code}]\n`);
      return 2;
    }
    throw error;
  }
}
