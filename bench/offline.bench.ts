// Offline evaluator benchmark: the labelled answer set (verbatim, paraphrase, partial, negated,
// wrong-but-sharing-words, off-topic; 20 topics) run through createRecallEngine + memory
// storage + the offline model, one fresh session per answer. Reports precision, recall and F1
// of "recalled" on the part the rules were tuned on and on the held-out part.
// Usage: npm run bench -- offline
import {
  HELD_OUT_TOPICS,
  type LabelledTopic,
  TUNED_TOPICS,
} from '../packages/core/test/llm/offline-labelled-set/index';
import {
  type LabelledScore,
  scoreLabelledSet,
} from '../packages/core/test/llm/offline-labelled-set/score-labelled-set';

const TARGET_PRECISION = 0.9;
const TARGET_RECALL = 0.45;

const parts: Array<[string, readonly LabelledTopic[]]> = [
  ['tuned', TUNED_TOPICS],
  ['held out', HELD_OUT_TOPICS],
  ['all', [...TUNED_TOPICS, ...HELD_OUT_TOPICS]],
];

const started = performance.now();
const scores: Array<[string, number, LabelledScore]> = [];
for (const [name, topics] of parts) {
  scores.push([name, topics.length, await scoreLabelledSet(topics)]);
}
const elapsed = performance.now() - started;

const header = ['part', 'topics', 'cases', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1'];
const rows = scores.map(([name, topics, score]) => [
  name,
  String(topics),
  String(score.cases),
  String(score.truePositives),
  String(score.falsePositives),
  String(score.falseNegatives),
  score.precision.toFixed(3),
  score.recall.toFixed(3),
  score.f1.toFixed(3),
]);
const widths = header.map((_, column) =>
  Math.max(...[header, ...rows].map((row) => row[column]!.length)),
);
const line = (row: readonly string[]) =>
  row
    .map((cell, column) =>
      column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
    )
    .join('   ');
console.log('offline evaluator on the labelled answer set ("recalled", per case and point)');
console.log(line(header));
for (const row of rows) console.log(line(row));

const all = scores.at(-1)![2];
console.log('\nagreement with the label, per category (all parts):');
for (const [category, { cases, agreed }] of Object.entries(all.categories)) {
  console.log(
    `  ${category.padEnd(20)} ${String(agreed).padStart(3)} / ${String(cases).padStart(3)}`,
  );
}
const met = scores.every(
  ([, , score]) => score.precision >= TARGET_PRECISION && score.recall >= TARGET_RECALL,
);
console.log(
  `\ntarget precision >= ${TARGET_PRECISION} with recall >= ${TARGET_RECALL} on every part: ${met ? 'met' : 'NOT met'} (${all.cases} sessions in ${(elapsed / 1000).toFixed(1)} s)`,
);
