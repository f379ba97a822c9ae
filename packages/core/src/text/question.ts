// Whether a learner's message is a question. Voice transcripts often lack punctuation, so a
// question mark is one signal of three: a wh-word opening a question (not a clause: "what
// happens is…", "when the price rises…"), or an auxiliary verb before its subject ("is it…",
// "does the…"; not "is made of…", "can be found…").
import { normalizeText } from './lexical';

const AUXILIARIES = new Set(
  `is are was were am do does did can could will would shall should may might must has have had
isn aren wasn weren don doesn didn couldn won wouldn shouldn hasn haven hadn`.split(/\s+/),
);
const SUBJECTS = new Set(
  `i you he she it we they this that these those there the a an its their my your our his her
any some all each every no`.split(/\s+/),
);
/** Openers that carry nothing ("so", "wait", "um"): skipped before reading the first word. */
const FILLERS = new Set(
  'so and but wait um umm uh hmm hm oh ok okay well then also like right sorry'.split(' '),
);
/** Words after an auxiliary that make it a statement's verb ("is made", "can be", "does not"). */
const NOT_SUBJECTS = new Set(
  `not be been being made found known built done given taken seen shown held kept sent used
called caused got also only just still always never often usually`.split(/\s+/),
);
const QUANTIFIERS = new Set(['many', 'much', 'long', 'far', 'often', 'big', 'old', 'fast']);

/**
 * Whether `text` asks rather than answers: it ends in (or contains) "?", opens with a wh-word
 * used as a question ("what is…", "how does…", "which hormone makes…"; not "what happens is…",
 * "when the price rises…", "which is why…"), or opens with an auxiliary followed by its
 * subject ("is it…", "does sound…"; not "is made of…"). Fillers ("so", "wait", "um") first are
 * skipped.
 *
 * @example isLearnerQuestion('which hormone makes the duct more permeable') // true
 */
export function isLearnerQuestion(text: string): boolean {
  if (/\?\s*$/.test(text.trim()) || /\?\s+\S/.test(text)) return true;
  const all = normalizeText(text.replace(/n['’]t\b/gi, 'n'))
    .split(' ')
    .filter(Boolean);
  let start = 0;
  while (start < all.length - 1 && FILLERS.has(all[start]!)) start += 1;
  const words = all.slice(start);
  const [first, second] = words;
  if (first === undefined || second === undefined) return false;
  const rest = words.slice(1).join(' ');
  // "what happens is that…", "how it works is…": a wh-clause as the subject of a statement.
  const clauseSubject =
    /\b(is|was|are|were) (that|when|because|the|a|an|to)\b/.test(rest) && !AUXILIARIES.has(second);
  switch (first) {
    case 'what':
    case 'which':
    case 'who':
    case 'whom':
    case 'whose':
      if (/^(is|was|means|meant) (why|how|that|what)\b/.test(rest)) return false;
      return !clauseSubject;
    case 'when':
    case 'where':
    case 'why':
      return AUXILIARIES.has(second) && !clauseSubject;
    case 'how':
      return (
        second === 'come' || AUXILIARIES.has(second) || (QUANTIFIERS.has(second) && !clauseSubject)
      );
    default:
      return AUXILIARIES.has(first) && isSubjectStart(second);
  }
}

function isSubjectStart(word: string): boolean {
  if (SUBJECTS.has(word)) return true;
  if (NOT_SUBJECTS.has(word) || AUXILIARIES.has(word)) return false;
  // A past participle after the auxiliary is a passive statement: "is formed", "are broken".
  return /^[a-z]+$/.test(word) && !/(?:ed|en)$/.test(word);
}
