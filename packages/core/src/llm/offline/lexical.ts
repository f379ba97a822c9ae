// Demo-grade lexical matching for the offline adapter: normalise, drop stop words, stem
// with a few suffix rules, compare key-term sets. No model, no network, deterministic.

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before
being below between both but by can could did do does doing down during each few for from
further had has have having he her here hers him his how i if in into is it its itself just
me more most my no nor not now of off on once only or other our ours out over own same she
should so some such than that the their theirs them then there these they this those through
to too under until up very was we were what when where which while who whom why will with
would you your yours yes yeah think know really maybe like thing things something stuff one
remember recall sure well okay ok um uh`.split(/\s+/),
);

const SUFFIXES: ReadonlyArray<[string, string]> = [
  ['ational', 'ate'],
  ['ization', 'ize'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['ations', 'ate'],
  ['ation', 'ate'],
  ['ments', ''],
  ['ment', ''],
  ['ness', ''],
  ['ings', ''],
  ['ing', ''],
  ['ions', ''],
  ['ion', ''],
  ['ies', 'y'],
  ['ied', 'y'],
  ['ers', ''],
  ['er', ''],
  ['ed', ''],
  ['ly', ''],
  ['es', ''],
  ['s', ''],
];

/** Lowercase, accents removed, everything but letters and digits turned into spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A crude suffix-stripping stemmer: "produces", "produce" and "producing" agree. */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  let result = word;
  for (const [suffix, replacement] of SUFFIXES) {
    if (result.endsWith(suffix) && result.length - suffix.length >= 3 && !result.endsWith('ss')) {
      result = result.slice(0, -suffix.length) + replacement;
      // "splitting" → "splitt" → "split"
      if (/([^aeiouylsz])\1$/.test(result)) result = result.slice(0, -1);
      break;
    }
  }
  if (result.length > 4 && result.endsWith('e')) result = result.slice(0, -1);
  return result;
}

/** A content word and its stem. */
export interface KeyTerm {
  word: string;
  stem: string;
}

/** The distinct content words of `text` (stop words and 1–2 letter words dropped). */
export function keyTerms(text: string): KeyTerm[] {
  const seen = new Set<string>();
  const terms: KeyTerm[] = [];
  for (const word of normalizeText(text).split(' ')) {
    if (word === '' || STOP_WORDS.has(word) || (word.length < 3 && !/^\d+$/.test(word))) continue;
    const wordStem = stem(word);
    if (seen.has(wordStem)) continue;
    seen.add(wordStem);
    terms.push({ word, stem: wordStem });
  }
  return terms;
}

/** How much of `target`'s key terms `text` contains. */
export interface Coverage {
  /** Matched terms / all terms (0 when the target has no key terms). */
  ratio: number;
  matched: KeyTerm[];
  missing: KeyTerm[];
}

/** Key-term coverage of `target` by `text`; stems sharing a 5-letter prefix also match. */
export function coverage(target: string, text: string): Coverage {
  const targetTerms = keyTerms(target);
  const textStems = keyTerms(text).map((term) => term.stem);
  const matched: KeyTerm[] = [];
  const missing: KeyTerm[] = [];
  for (const term of targetTerms) {
    const found = textStems.some(
      (candidate) =>
        candidate === term.stem ||
        (candidate.length >= 5 &&
          term.stem.length >= 5 &&
          candidate.slice(0, 5) === term.stem.slice(0, 5)),
    );
    (found ? matched : missing).push(term);
  }
  return {
    ratio: targetTerms.length === 0 ? 0 : matched.length / targetTerms.length,
    matched,
    missing,
  };
}

/** The sentences of a passage. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** Whether `word` (lowercase) is too common to carry meaning. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Levenshtein distance: the fewest single-character edits that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= b.length; column += 1) {
      const substitution = previous[column - 1]! + (a[row - 1] === b[column - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[column]! + 1, current[column - 1]! + 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
