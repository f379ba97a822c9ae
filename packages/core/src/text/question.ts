// Whether a learner's message is a question. Voice transcripts often lack punctuation, so a
// question mark is one signal of three: a wh-word opening, or an auxiliary verb before its
// subject ("is it…", "does the…").
import { normalizeText } from './lexical';

const WH_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how']);
const AUXILIARIES = new Set(
  `is are was were am do does did can could will would shall should may might must has have had
isn aren wasn weren don doesn didn can't couldn won wouldn shouldn hasn haven hadn`.split(/\s+/),
);
const SUBJECTS = new Set(
  `i you he she it we they this that these those there the a an its their my your our his her
any some all each every no`.split(/\s+/),
);

/**
 * Whether `text` asks rather than answers: it ends in (or contains) "?", opens with a wh-word
 * used as a question ("what is…", "how does…", not "what happens is…"), or opens with an
 * auxiliary followed by its subject ("is it…", "does the…").
 *
 * @example isLearnerQuestion('which hormone makes the duct more permeable') // true
 */
export function isLearnerQuestion(text: string): boolean {
  if (/\?\s*$/.test(text.trim()) || /\?\s+\S/.test(text)) return true;
  const words = normalizeText(text).split(' ').filter(Boolean);
  const [first, second, third] = words;
  if (first === undefined) return false;
  if (WH_WORDS.has(first)) {
    // "what happens is that…", "how it works is…": a wh-clause used as the subject of a statement.
    const rest = words.slice(1).join(' ');
    if (
      /\b(is|was|are|were) (that|when|because|the|a|an)\b/.test(rest) &&
      !AUXILIARIES.has(second ?? '')
    )
      return false;
    return true;
  }
  if (AUXILIARIES.has(first) && second !== undefined) {
    return (
      SUBJECTS.has(second) ||
      (third !== undefined && /^[a-z]+$/.test(second) && !AUXILIARIES.has(second))
    );
  }
  return false;
}
