// The shape of a sentence as the offline evaluator reads it: words with their base form and
// stem, clauses, which words a negation covers, which direction word introduces each word, and
// which words form one list.

import { isGenericTerm, isStopWord, stem } from '../../text/lexical';
import { baseForm, numberValue } from './word-forms';
import {
  CLAUSE_WORDS,
  GRADING_AFTER_NEGATION,
  HEDGE_AFTER_NEGATION,
  NEGATION_PHRASES,
  NEGATION_WORDS,
  NOUN_NEGATION_WORDS,
} from './word-relations';

/** One word of a sentence. */
export interface SentenceWord {
  /** Lower case, accents removed. */
  text: string;
  stem: string;
  /** The number it names ("two" → "2"), if any. */
  number: string | undefined;
  /** A stop word ("the", "from", "not"): structure, not content. */
  stop: boolean;
  /** A generic content word ("makes", "happens"). */
  generic: boolean;
  /** Written with a capital in a short token ("B cells", "UV"): content despite its length. */
  capitalShort: boolean;
  /** Written with a capital where a sentence does not start: a name ("Champollion", "Rome"). */
  name: boolean;
  clause: number;
  /** Inside the scope of a negation ("not", "never", "without"…). */
  negated: boolean;
  /** The nearest direction word before it in its phrase ("from", "into", "below"). */
  introducer: string | null;
  /** In a phrase that can move freely in a sentence ("at subduction zones", "in 49 BC"). */
  adverbial: boolean;
  /** Words of one list ("the Sun, Moon and Earth") share an id; null outside lists. */
  list: number | null;
  /** Offsets of the word in the original text. */
  start: number;
  end: number;
}

// Contractions: "don't" → "do not", "it's" → "it is", "Moon's" → "Moon".
const NOT_CONTRACTIONS: Record<string, string> = {
  can: 'can',
  won: 'will',
  ca: 'can',
  sha: 'shall',
  wo: 'will',
};
// The same contractions typed without the apostrophe ("didnt", "couldnt"), as learners and voice
// transcripts often write them. "cant" and "wont" are words too, but hardly ever in an answer.
const BARE_NOT_CONTRACTION =
  /^(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need|ca|wo)nt$/;
/**
 * A lone letter after a content word names something ("vitamin d", "type b", "hepatitis c"),
 * however it is typed; not "a", "i", nor the chat spellings "u", "r", "n", "y", nor "s".
 */
const LETTER_NAME = /^[b-hj-mo-qtvwxz]$/;
const IS_WORDS = new Set(['it', 'that', 'there', 'what', 'he', 'she', 'here', 'who', 'this']);
const CLITICS: Record<string, string> = { re: 'are', ve: 'have', ll: 'will', d: 'would', m: 'am' };

/** Direction words whose object keeps the role they give it. */
const DIRECTION_WORDS = new Set(
  `from to into onto towards toward away out in inside outside above below beneath under
over before after up down than between within through`.split(/\s+/),
);
/** Prepositions whose phrase says where or when, and can move: "at", "in", "during"… */
const ADVERBIAL_WORDS = new Set('at in during within throughout'.split(/\s+/));
/** Negation words that carry no content of their own ("without", "never"). */
const NEGATION_FUNCTION_WORDS = new Set(
  'without never none nothing nobody nowhere neither cannot rarely seldom hardly barely'.split(
    /\s+/,
  ),
);
/** "A", "an" and "the": what opens a noun phrase and nothing else. */
export const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);
const DETERMINERS = new Set([...ARTICLES, 'its', 'their', 'his', 'her', 'our', 'your']);
export const PREPOSITIONS: ReadonlySet<string> = new Set(
  `on in at with for from to into onto of over under through during across along via within
between among towards toward against about after before`.split(/\s+/),
);

/** Splits `text` into words, with clauses, negation scope, introducers and lists resolved. */
export function readSentence(text: string): SentenceWord[] {
  const words: SentenceWord[] = [];
  // Whether a comma stands right before each word (lists: "the Sun, Moon and Earth").
  const commas: boolean[] = [];
  let comma = false;
  let clause = 0;
  let sentenceStart = true;
  // Symbol-bearing names stay whole ("C++", "C#", "F#"): "C" is another language.
  const pattern =
    /(\d+(?:[.,]\d+)*(?:(?:st|nd|rd|th)(?![\p{L}\p{N}]))?)|(\p{L}[\p{L}\p{N}]*(?:\+\+|#)(?![\p{L}\p{N}])|[\p{L}\p{M}]+(?:['’][\p{L}]+)?)|([,;:.!?()[\]—–]|\s-\s)/gu;
  for (const match of text.matchAll(pattern)) {
    if (match[3] !== undefined) {
      if (words.length > 0 && words.at(-1)!.clause === clause) clause += 1;
      comma = match[3].trim() === ',';
      if (/[.!?]/.test(match[3])) sentenceStart = true;
      continue;
    }
    const start = match.index;
    const capital = /^\p{Lu}/u.test(match[0]);
    for (const part of expandContraction(match[0])) {
      // "but", "while", "although"… start a new clause; ", and" does too.
      const opensClause = CLAUSE_WORDS.has(part) || (comma && part === 'and');
      if (opensClause && words.length > 0 && words.at(-1)!.clause === clause) clause += 1;
      const number = numberValue(part);
      const base = baseForm(part);
      const before = words.at(-1);
      words.push({
        text: part,
        stem: number ?? stem(base),
        number,
        stop: (isStopWord(part) || NEGATION_FUNCTION_WORDS.has(part)) && number === undefined,
        generic: isGenericTerm({ word: part, stem: stem(base) }),
        capitalShort:
          (capital && part.length <= 2 && part !== 'a' && part !== 'i') ||
          (LETTER_NAME.test(part) && before !== undefined && isContentWord(before)),
        name: capital && !sentenceStart && part !== 'i',
        clause,
        negated: false,
        introducer: null,
        adverbial: false,
        list: null,
        start,
        end: start + match[0].length,
      });
      commas.push(comma);
      comma = false;
      sentenceStart = false;
    }
  }
  mergeTakePlace(words, commas);
  markNegation(words);
  markPhrases(words);
  markLists(words, commas);
  return words;
}

const TAKE_FORMS = new Set(['take', 'takes', 'took', 'taken', 'taking']);

/** "takes place" reads as the one verb it means, "happens" (its offsets span both words). */
function mergeTakePlace(words: SentenceWord[], commas: boolean[]): void {
  for (let index = words.length - 2; index >= 0; index -= 1) {
    const word = words[index]!;
    const next = words[index + 1]!;
    if (!TAKE_FORMS.has(word.text)) continue;
    if (next.text !== 'place' || next.clause !== word.clause) continue;
    words[index] = { ...word, text: 'happen', stem: stem('happen'), generic: true, end: next.end };
    words.splice(index + 1, 1);
    commas.splice(index + 1, 1);
  }
}

function expandContraction(word: string): string[] {
  const lower = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/’/g, "'");
  const negative = /^(\w+)n't$/.exec(lower) ?? BARE_NOT_CONTRACTION.exec(lower);
  if (negative) return [NOT_CONTRACTIONS[negative[1]!] ?? negative[1]!, 'not'];
  const clitic = /^(\w+)'(\w+)$/.exec(lower);
  if (clitic === null) return [lower];
  const [, head, tail] = clitic as unknown as [string, string, string];
  if (tail === 's') return IS_WORDS.has(head) ? [head, 'is'] : [head];
  if (tail === 't' && head === 'can') return ['can', 'not'];
  const expanded = CLITICS[tail];
  return expanded === undefined ? [head] : [head, expanded];
}

/**
 * Marks the words a negation covers: after "not", "never", "fails"… up to the end of the
 * clause; after "no", "without"… only the next two content words (a noun phrase). A negation
 * followed by a hedge ("not sure", "not only", "no doubt") negates nothing.
 */
function markNegation(words: SentenceWord[]): void {
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    // "sorted or not": whether or not, so the word before is not asserted.
    if (word.text === 'or' && words[index + 1]?.text === 'not' && index > 0) {
      words[index - 1]!.negated = !words[index - 1]!.negated;
      index += 1;
      continue;
    }
    const next = words[index + 1];
    const sameClause = next !== undefined && next.clause === word.clause;
    const phrase = sameClause && NEGATION_PHRASES.has(`${word.text} ${next.text}`);
    // "fails to absorb" negates; "one company failing does little damage" does not.
    const verbal =
      NEGATION_WORDS.has(word.text) && (!/^fail/.test(word.text) || next?.text === 'to');
    const nominal = NOUN_NEGATION_WORDS.has(word.text);
    if (!phrase && !verbal && !nominal) continue;
    if (sameClause && hedges(words, index) && !onlyWithoutContinuation(words, index)) continue;
    let covered = 0;
    for (let scope = index + (phrase ? 2 : 1); scope < words.length; scope += 1) {
      const inScope = words[scope]!;
      if (inScope.clause !== word.clause) break;
      // "without oxygen", "no fresh fruit": the noun phrase only, which ends at a determiner
      // opening the next one ("without food the response fades").
      if (nominal && !phrase && (covered >= 2 || (covered >= 1 && DETERMINERS.has(inScope.text)))) {
        break;
      }
      inScope.negated = !inScope.negated;
      if (!inScope.stop) covered += 1;
    }
  }
}

// "not sure", "not really sure", "not 100 percent sure": a hedge; "not really part of": not.
function hedges(words: readonly SentenceWord[], index: number): boolean {
  let at = index + 1;
  while (GRADING_AFTER_NEGATION.has(words[at]?.text ?? '')) at += 1;
  const word = words[at];
  return (
    word !== undefined &&
    word.clause === words[index]!.clause &&
    HEDGE_AFTER_NEGATION.has(word.text)
  );
}

// "not only X" is additive only when "but" or "also" follows; otherwise "only" is negated.
function onlyWithoutContinuation(words: readonly SentenceWord[], index: number): boolean {
  const next = words[index + 1]!.text;
  if (next !== 'only' && next !== 'just') return false;
  return !words.slice(index + 2).some((word) => word.text === 'but' || word.text === 'also');
}

// "blood from the lungs": "lungs" is introduced by "from". A preposition reaches over at most
// two stop words ("from the left lung" reaches "left", and "lung" through it), never across a
// clause; a phrase opened by "at", "in", "during"… can move freely in a sentence.
function markPhrases(words: SentenceWord[]): void {
  let preposition: string | null = null;
  for (const [index, word] of words.entries()) {
    const before = words[index - 1];
    if (before === undefined || before.clause !== word.clause) preposition = null;
    if (word.stop) {
      // "than in air": the comparison outranks the preposition after it.
      if (preposition === 'than' && PREPOSITIONS.has(word.text)) continue;
      if (
        PREPOSITIONS.has(word.text) ||
        DIRECTION_WORDS.has(word.text) ||
        ADVERBIAL_WORDS.has(word.text)
      ) {
        preposition = word.text;
      } else if (!DETERMINERS.has(word.text)) {
        preposition = null;
      }
      continue;
    }
    word.introducer = preposition !== null && DIRECTION_WORDS.has(preposition) ? preposition : null;
    word.adverbial = preposition !== null && ADVERBIAL_WORDS.has(preposition);
    // The phrase goes on through the next content word ("the thylakoid membranes"), not further.
    if (before !== undefined && !before.stop && before.clause === word.clause) {
      word.introducer = before.introducer;
      word.adverbial = before.adverbial;
    }
    preposition = null;
  }
}

// Content words joined only by commas, "and", "or" and determiners form one list.
function markLists(words: SentenceWord[], commas: readonly boolean[]): void {
  let previous = -1;
  let next = 0;
  for (const [index, word] of words.entries()) {
    if (!isContentWord(word)) continue;
    if (previous !== -1) {
      const between = words.slice(previous + 1, index);
      const joined =
        between.every(
          (other) => other.text === 'and' || other.text === 'or' || DETERMINERS.has(other.text),
        ) &&
        (between.some((other) => other.text === 'and' || other.text === 'or') ||
          commas.slice(previous + 1, index + 1).some(Boolean));
      if (joined) {
        const list = words[previous]!.list ?? next++;
        words[previous]!.list = list;
        word.list = list;
      }
    }
    previous = index;
  }
}

/** Whether `word` carries content (not a stop word, at least 3 letters unless a number or a capital). */
export function isContentWord(word: SentenceWord): boolean {
  if (word.stop) return false;
  return word.number !== undefined || word.capitalShort || word.text.length >= 3;
}

/** Stop words that still carry meaning in a comparison ("more", "least"). */
const SIGNAL_WORDS = new Set(['more', 'most', 'less', 'least', 'fewer', 'fewest', 'all', 'only']);

/** Whether `word` is a stop word that matters when comparing sentences ("more" / "less"). */
export function isSignalWord(word: SentenceWord): boolean {
  return SIGNAL_WORDS.has(word.text);
}
