// The offline judge's English word table, distilled from Princeton WordNet at build time
// (scripts/wordnet/distill.ts; notice in WORDNET-LICENSE beside the table): for a word's stem,
// the stems of words that may stand for it (synonyms, derived forms, broader and narrower
// terms), of its antonyms, of looser kin, and the content words of its definitions. Phrases
// ("carbon dioxide", "give off") are keyed by their words' stems joined by "_". Parsed once,
// looked up by stem.

/** What the judge asks of the word table. */
export interface WordTable {
  /** Whether `a` and `b` (stems) are synonyms or derived forms of one another. */
  sameMeaning(a: string, b: string): boolean;
  /** Whether one of `a` and `b` (stems) is a broader term of the other ("sugar" / "glucose"). */
  broaderOrNarrower(a: string, b: string): boolean;
  /** Whether `a` and `b` (stems) are antonyms. */
  antonym(a: string, b: string): boolean;
  /**
   * Whether `a` and `b` are looser kin: similar adjectives, a verb and what it entails or
   * causes, synonyms in a rarer sense. For the paraphrase path only, never the same meaning.
   */
  akin(a: string, b: string): boolean;
  /**
   * Whether `a` and `b` are adjectives of one cluster: both similar to one head word, and
   * defined alike ("huge" and "massive", both kin of "large", both about size).
   */
  sameCluster(a: string, b: string): boolean;
  /** The content words (stems) of the definitions of the word's most frequent senses. */
  gloss(key: string): readonly string[];
  /** The broader terms (stems) of the word's most frequent senses. */
  broader(key: string): readonly string[];
  /** The derived forms (stems) of the word ("gravitational" → "gravitation"). */
  derived(key: string): readonly string[];
  /** Whether the word (or a word of its stem) can be a verb. */
  verb(key: string): boolean;
  /**
   * The parts of speech the word's common senses take, as WordNet's first letters ("n",
   * "nv", "a"); "" for a word the table does not know.
   */
  parts(key: string): string;
  /** Whether the table has a row for `key` (a stem, or a phrase's stems joined by "_"). */
  has(key: string): boolean;
}

interface Row {
  synonym: readonly string[];
  broader: readonly string[];
  narrower: readonly string[];
  derived: readonly string[];
  antonym: readonly string[];
  akin: readonly string[];
  gloss: readonly string[];
  /** Parts of speech of its common words, as WordNet's first letters ("v", "nv"). */
  parts: string;
}

const EMPTY: readonly string[] = [];

/** Parses the table's text: one line per stem, tab-separated columns of space-separated stems. */
export function parseWordTable(text: string): WordTable {
  const rows = new Map<string, Row>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [key, synonym, broader, narrower, derived, antonym, akin, gloss, parts] =
      line.split('\t');
    const list = (column: string | undefined) => (column ? column.split(' ') : EMPTY);
    rows.set(key!, {
      synonym: list(synonym),
      broader: list(broader),
      narrower: list(narrower),
      derived: list(derived),
      antonym: list(antonym),
      akin: list(akin),
      gloss: list(gloss),
      parts: parts ?? '',
    });
  }
  type Relation = Exclude<keyof Row, 'parts'>;
  const has = (from: string, kind: Relation, to: string) =>
    rows.get(from)?.[kind].includes(to) ?? false;
  const either = (a: string, b: string, kind: Relation) => has(a, kind, b) || has(b, kind, a);
  return {
    sameMeaning: (a, b) => either(a, b, 'synonym') || either(a, b, 'derived'),
    broaderOrNarrower: (a, b) => either(a, b, 'broader') || either(a, b, 'narrower'),
    antonym: (a, b) => either(a, b, 'antonym'),
    akin: (a, b) => either(a, b, 'akin'),
    sameCluster(a, b) {
      const [left, right] = [rows.get(a), rows.get(b)];
      if (left === undefined || right === undefined || a === b) return false;
      if (left.parts !== 'a' || right.parts !== 'a' || either(a, b, 'antonym')) return false;
      // A head shared by two senses far apart ("icy" and "far" are both kin of "cold") is no
      // cluster: the two definitions must also share a word ("huge", "massive": size).
      return (
        left.akin.some((head) => right.akin.includes(head)) &&
        left.gloss.some((word) => right.gloss.includes(word))
      );
    },
    gloss: (key) => rows.get(key)?.gloss ?? EMPTY,
    broader: (key) => rows.get(key)?.broader ?? EMPTY,
    derived: (key) => rows.get(key)?.derived ?? EMPTY,
    has: (key) => rows.has(key),
    verb: (key) => rows.get(key)?.parts.includes('v') ?? false,
    parts: (key) => rows.get(key)?.parts ?? '',
  };
}
