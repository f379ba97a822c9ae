// The offline judge's English word table, distilled from Princeton WordNet at build time
// (scripts/wordnet/distill.ts; notice in WORDNET-LICENSE beside the table): for a word's stem,
// the stems of words that may stand for it (synonyms, derived forms, broader and narrower
// terms) and of its antonyms. Parsed once, looked up by stem.

/** What the judge asks of the word table. */
export interface WordTable {
  /** Whether `a` and `b` (stems) are synonyms or derived forms of one another. */
  sameMeaning(a: string, b: string): boolean;
  /** Whether one of `a` and `b` (stems) is a broader term of the other ("sugar" / "glucose"). */
  broaderOrNarrower(a: string, b: string): boolean;
  /** Whether `a` and `b` (stems) are antonyms. */
  antonym(a: string, b: string): boolean;
}

interface Row {
  synonym: readonly string[];
  broader: readonly string[];
  narrower: readonly string[];
  derived: readonly string[];
  antonym: readonly string[];
}

const EMPTY: readonly string[] = [];

/** Parses the table's text: one line per stem, tab-separated columns of space-separated stems. */
export function parseWordTable(text: string): WordTable {
  const rows = new Map<string, Row>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [key, synonym, broader, narrower, derived, antonym] = line.split('\t');
    const list = (column: string | undefined) => (column ? column.split(' ') : EMPTY);
    rows.set(key!, {
      synonym: list(synonym),
      broader: list(broader),
      narrower: list(narrower),
      derived: list(derived),
      antonym: list(antonym),
    });
  }
  const has = (from: string, kind: keyof Row, to: string) =>
    rows.get(from)?.[kind].includes(to) ?? false;
  const either = (a: string, b: string, kind: keyof Row) => has(a, kind, b) || has(b, kind, a);
  return {
    sameMeaning: (a, b) => either(a, b, 'synonym') || either(a, b, 'derived'),
    broaderOrNarrower: (a, b) => either(a, b, 'broader') || either(a, b, 'narrower'),
    antonym: (a, b) => either(a, b, 'antonym'),
  };
}
