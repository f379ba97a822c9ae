// Checks a labelled answer set for the offline judge before it is used as a measurement.
// Usage: npx tsx scripts/check-labelled-set.ts [set.json] (default: the fresh set)
//
// The fresh set (packages/core/test/llm/offline-labelled-set/fresh-set.json) was written by hand
// as an outside measurement of the offline judge: ten topics that appear nowhere else in the
// repository, answers written the way learners type them, labelled as a fair teacher would,
// without reading the judge or tuning anything to it. Keep it that way: never tune the judge on
// it; add a new set instead once it has been used to make a change. A second such set,
// fresh-set-2.json (ten more topics found nowhere else, written the same way), replaces it as
// the outside measurement now that the first has been tuned on. The second has been tuned on in
// turn, so a third, fresh-set-3.json (ten further topics found nowhere else, written the same
// way), became the outside measurement; then five more (fresh-set-4.json to fresh-set-8.json,
// ten topics each, by five more writers): the fourth to sixth are tuned on now, the seventh and
// eighth are kept sealed (only their totals read) as the outside measurements. This script reads the set with the bench's own reader
// (so a set it passes is one `npm run bench -- offline --set <file>` runs), prints the cases
// per kind and verdict, flags points outside 8–20 words, and reports each paraphrase's share
// of its point's key terms (the repository's one definition, `keyTerms`,
// matched with `hasStem`). A paraphrase must share at most a third; the script exits 1 if one
// shares more, or if a kind is missing.
import { resolve } from 'node:path';
import { hasStem, keyTerms } from '../packages/core/src/text/lexical';
import {
  ANSWER_KINDS,
  type LabelledCase,
  type LabelledSet,
  pointIndex,
  readLabelledSet,
} from '../packages/core/test/llm/offline-labelled-set/labelled-set';

const DEFAULT_SET = 'packages/core/test/llm/offline-labelled-set/fresh-set.json';
/** The most of a point's key terms a paraphrase may share. */
const PARAPHRASE_MAX_SHARE = 1 / 3;
const POINT_WORDS = { min: 8, max: 20 };

const file = resolve(process.cwd(), process.argv[2] ?? DEFAULT_SET);
const set = readLabelledSet(file);
const problems: string[] = [];

console.log(`${file}\n`);
reportTopics(set);
reportKinds(set);
reportParaphrases(set);

if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):`);
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  process.exit(1);
}
console.log('\n✓ every kind present, every paraphrase within a third of its key terms');

function reportTopics(labelled: LabelledSet): void {
  const entries = Object.entries(labelled.topics);
  const points = entries.reduce((total, [, list]) => total + list.length, 0);
  console.log(`${entries.length} topics, ${points} points, ${labelled.cases.length} cases`);
  for (const [topic, list] of entries) {
    for (const [index, point] of list.entries()) {
      const words = point.split(/\s+/).filter((word) => word !== '').length;
      if (words < POINT_WORDS.min || words > POINT_WORDS.max) {
        console.log(`  ! ${topic} #${index} has ${words} words: "${point}"`);
      }
    }
  }
}

function reportKinds(labelled: LabelledSet): void {
  console.log('\nkind                  cases  recalled  near_miss  not_recalled');
  for (const kind of ANSWER_KINDS) {
    const cases = labelled.cases.filter((item) => item.kind === kind);
    if (cases.length === 0) problems.push(`no case of kind ${kind}`);
    const count = (expected: LabelledCase['expected']) =>
      String(cases.filter((item) => item.expected === expected).length);
    console.log(
      [
        kind.padEnd(20),
        String(cases.length).padStart(5),
        count('recalled').padStart(9),
        count('near_miss').padStart(10),
        count('not_recalled').padStart(13),
      ].join(' '),
    );
  }
}

function reportParaphrases(labelled: LabelledSet): void {
  const paraphrases = labelled.cases.filter((item) => item.kind === 'paraphrase');
  console.log(`\nparaphrases: share of the point's key terms in the answer (≤ 1/3 required)`);
  let highest = 0;
  for (const item of paraphrases) {
    const index = pointIndex(labelled, item);
    if (index === null) {
      problems.push(`paraphrase "${item.answer}" names no point`);
      continue;
    }
    const pointTerms = keyTerms(labelled.topics[item.topic]![index]!);
    const answerStems = keyTerms(item.answer).map((term) => term.stem);
    const shared = pointTerms.filter((term) => hasStem(answerStems, term.stem));
    const share = pointTerms.length === 0 ? 0 : shared.length / pointTerms.length;
    highest = Math.max(highest, share);
    const over = share > PARAPHRASE_MAX_SHARE;
    if (over) problems.push(`paraphrase shares ${share.toFixed(2)}: "${item.answer}"`);
    console.log(
      `  ${over ? '✗' : ' '} ${share.toFixed(2)} (${shared.length}/${pointTerms.length}` +
        `${shared.length > 0 ? `: ${shared.map((term) => term.word).join(', ')}` : ''}) ` +
        `${item.topic} #${index}: "${item.answer}"`,
    );
  }
  console.log(`  ${paraphrases.length} paraphrases, highest share ${highest.toFixed(2)}`);
}
