// Offline judge benchmark: runs a labelled answer set through the offline model's evaluator
// and prints precision, recall and F1 of "recalled" per answer kind, on the tuned topics and
// the held-out topics apart, plus every near miss given to a wrong or negated answer.
// Usage: npm run bench -- offline [--set <file.json> …]
// Without --set: the repository's set (tuned + held out) and the unseen set. `--set` may be
// given more than once: each set is judged and reported apart.
// Set format: { topics: {name: [point, …]}, cases: [{ topic, point, kind, expected, answer,
// shownBefore? }], heldOut?: [topic, …] } (see packages/core/test/llm/offline-labelled-set).
import { resolve } from 'node:path';
import {
  judgeLabelledSet,
  type Score,
  scoreJudged,
} from '../packages/core/test/llm/offline-labelled-set/judge-labelled-set';
import {
  LABELLED_SET_FILE,
  type LabelledSet,
  readLabelledSet,
  UNSEEN_SET_FILE,
} from '../packages/core/test/llm/offline-labelled-set/labelled-set';

/** The targets on topics never tuned on. */
const TARGETS = { precision: 0.95, recall: 0.65, nearVerbatim: 0.9, paraphrase: 0.25 };

const files = process.argv.flatMap((argument, index) =>
  argument === '--set' && process.argv[index + 1] !== undefined ? [process.argv[index + 1]!] : [],
);
const lexicon = process.argv.includes('--word-lists') ? 'word-lists' : 'wordnet';

const parts: Array<[string, LabelledSet, (topic: string) => boolean]> = [];
if (files.length > 0) {
  for (const file of files) addParts(file, readLabelledSet(resolve(process.cwd(), file)));
} else {
  addParts('repository set', readLabelledSet(LABELLED_SET_FILE));
  const unseen = readLabelledSet(UNSEEN_SET_FILE);
  parts.push(['unseen set', unseen, () => true]);
}

function addParts(name: string, set: LabelledSet): void {
  const heldOut = new Set(set.heldOut ?? []);
  if (heldOut.size === 0) {
    parts.push([name, set, () => true]);
    return;
  }
  parts.push([`${name}: tuned`, set, (topic) => !heldOut.has(topic)]);
  parts.push([`${name}: held out`, set, (topic) => heldOut.has(topic)]);
}

const started = performance.now();
const scores: Array<[string, number, Score]> = [];
for (const [name, set, include] of parts) {
  const judged = await judgeLabelledSet(set, include, { lexicon });
  const topics = new Set(judged.map((item) => item.topic)).size;
  scores.push([name, topics, scoreJudged(judged)]);
}
const elapsed = performance.now() - started;

console.log(`offline judge (lexicon: ${lexicon}), "recalled" per case`);
printTable(
  ['part', 'topics', 'cases', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1', 'NM errors'],
  scores.map(([name, topics, score]) => [
    name,
    String(topics),
    String(score.cases),
    String(score.truePositives),
    String(score.falsePositives),
    String(score.falseNegatives),
    score.precision.toFixed(3),
    score.recall.toFixed(3),
    score.f1.toFixed(3),
    String(score.nearMissErrors.length),
  ]),
);
for (const [name, , score] of scores) {
  console.log(`\n${name}: per kind (credited / cases; false credit counts wrong points too)`);
  printTable(
    ['kind', 'cases', 'credited', 'share', 'false credit'],
    Object.entries(score.kinds).map(([kind, entry]) => [
      kind,
      String(entry.cases),
      String(entry.credited),
      (entry.credited / entry.cases).toFixed(2),
      String(entry.falseCredit),
    ]),
  );
  for (const item of score.nearMissErrors) {
    console.log(`  near miss for ${item.kind}: "${item.answer}"`);
  }
}
for (const [name, , score] of scores.filter(([name]) => !name.endsWith(': tuned'))) {
  const share = (kind: 'near_verbatim' | 'paraphrase') => {
    const entry = score.kinds[kind];
    return entry === undefined ? 1 : entry.credited / entry.cases;
  };
  const creditedNever = ['question', 'echo', 'negated'].every(
    (kind) => (score.kinds[kind as 'echo']?.falseCredit ?? 0) === 0,
  );
  const met =
    score.precision >= TARGETS.precision &&
    score.recall >= TARGETS.recall &&
    share('near_verbatim') >= TARGETS.nearVerbatim &&
    share('paraphrase') >= TARGETS.paraphrase &&
    creditedNever &&
    score.nearMissErrors.filter(
      (item) => item.kind === 'negated' || item.kind === 'wrong_sharing_words',
    ).length === 0;
  console.log(
    `\n${name}: targets (precision ≥ ${TARGETS.precision}, recall ≥ ${TARGETS.recall}, near-verbatim ≥ ${TARGETS.nearVerbatim}, paraphrase ≥ ${TARGETS.paraphrase}, no question/echo/negation credited, no near miss for wrong or negated): ${met ? 'met' : 'NOT met'}`,
  );
}
console.log(
  `\n(${scores.reduce((total, [, , score]) => total + score.cases, 0)} cases in ${(elapsed / 1000).toFixed(1)} s)`,
);

function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]!.length)),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
      )
      .join('   ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
