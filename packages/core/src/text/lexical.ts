// Lexical text helpers shared by the engine (near-miss feedback, resource snippets) and the
// offline model: normalise, drop stop words, stem with a few suffix rules, compare key-term
// sets. No model, no network, deterministic; safe in the main entry's browser bundle.

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

// Content words so common in definitions that they say little about which point is meant
// ("makes", "happens", "next"): they still count towards recall, but weigh little when
// telling points apart and are never treated as answer words.
const GENERIC_WORDS = new Set(
  `make makes made making use uses used using run runs ran running take takes took taken taking
get gets got getting give gives gave given giving put puts go goes went gone going come comes
came coming start starts started starting lead leads led leading work works worked working
carry carries carried carrying play plays played playing role roles part parts place places
number numbers exact key detail details happen happens happened happening occur occurs occurred
first second third next last two three four five six many much new old time times way ways
kind kinds type types also still even every called partly missing later often usually always
never lot lots whole need needs needed same`.split(/\s+/),
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

// Terms whose symbols carry the meaning: "C++", "C#", "F#", "Na+", "Ca2+", "Cl−", "°C". Plain
// normalisation would fold them to a letter or two and drop them.
const SYMBOL_TERM =
  /(?<![\p{L}\p{N}])(?:[\p{L}][\p{L}\p{N}]*(?:\+\+|#|[₀-₉0-9]*[+⁺−](?![\p{L}\p{N}+]))|°\s?[CFK](?![\p{L}\p{N}]))/gu;

/** The symbol-bearing terms of `text` ("c++", "na+", "°c"), lowercased, in order. */
function symbolTerms(text: string): string[] {
  return [...text.normalize('NFKC').matchAll(SYMBOL_TERM)].map((match) =>
    match[0].toLowerCase().replace(/\s+/g, '').replace(/⁺/g, '+').replace(/−/g, '-'),
  );
}

/**
 * Texts whose key terms were computed lately, oldest first. The engine asks for the same texts
 * on every turn (a set's points, the reply it just streamed), and normalising, matching the
 * symbol pattern and stemming cost more than the lookup. Bounded: the oldest entry goes first.
 */
const recentKeyTerms = new Map<string, readonly KeyTerm[]>();
const MAX_RECENT_KEY_TERMS = 1_024;

/**
 * The key terms of `text`: its distinct content words with their stems (stop words and 1–2
 * letter words dropped), and symbol-bearing terms kept whole ("C++" is `c++`, not `c`). This is
 * the one definition of "key terms" the engine, the offline model and the evaluation harness
 * share: exposure, echo and hint caps all count these.
 *
 * @example keyTerms('Lava is magma that reaches the surface').map((term) => term.stem)
 * // ['lava', 'magma', 'reach', 'surface']
 */
export function keyTerms(text: string): KeyTerm[] {
  let terms = recentKeyTerms.get(text);
  if (terms === undefined) {
    terms = computeKeyTerms(text);
    if (recentKeyTerms.size >= MAX_RECENT_KEY_TERMS) {
      recentKeyTerms.delete(recentKeyTerms.keys().next().value!);
    }
    recentKeyTerms.set(text, terms);
  }
  // A fresh array each call: callers may keep or change it; the terms themselves are frozen.
  return terms.slice();
}

function computeKeyTerms(text: string): readonly KeyTerm[] {
  const seen = new Set<string>();
  const terms: KeyTerm[] = [];
  for (const symbol of symbolTerms(text)) {
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    terms.push(Object.freeze({ word: symbol, stem: symbol }));
  }
  const masked = text.normalize('NFKC').replace(SYMBOL_TERM, ' ');
  for (const word of normalizeText(masked).split(' ')) {
    if (word === '' || STOP_WORDS.has(word) || (word.length < 3 && !/^\d+$/.test(word))) continue;
    const wordStem = stem(word);
    if (seen.has(wordStem)) continue;
    seen.add(wordStem);
    terms.push(Object.freeze({ word, stem: wordStem }));
  }
  return terms;
}

/**
 * Whether two stems name the same term: equal, or sharing a prefix of at least 5 letters that
 * covers three quarters of the shorter one ("mitochondria" / "mitochondrial", "glycolysis" /
 * "glycolytic" — but not "chlorophyll" / "chloroplast").
 */
export function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 5) return false;
  let shared = 0;
  while (shared < shorter && a[shared] === b[shared]) shared += 1;
  return shared >= 5 && shared >= 0.75 * shorter;
}

/** Whether `stems` holds a stem matching `stem` (see {@link stemsMatch}). */
export function hasStem(stems: readonly string[], stem: string): boolean {
  return stems.some((candidate) => stemsMatch(candidate, stem));
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

/** Whether `term` is a generic word ("makes", "happens", "next") that says little on its own. */
export function isGenericTerm(term: KeyTerm): boolean {
  return GENERIC_WORDS.has(term.word);
}

/**
 * Edit distance: the fewest single-character edits (insert, delete, replace, or swap two
 * neighbours) that turn `a` into `b`.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= b.length; column += 1) {
      const substitution = previous[column - 1]! + (a[row - 1] === b[column - 1] ? 0 : 1);
      let distance = Math.min(substitution, previous[column]! + 1, current[column - 1]! + 1);
      // Two neighbours typed the wrong way round ("reciever") are one slip, not two.
      if (
        row > 1 &&
        column > 1 &&
        a[row - 1] === b[column - 2] &&
        a[row - 2] === b[column - 1] &&
        a[row - 1] !== b[column - 1]
      ) {
        distance = Math.min(distance, before[column - 2]! + 1);
      }
      current.push(distance);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
