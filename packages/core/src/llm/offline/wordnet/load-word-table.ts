// Loads the WordNet word table on first use. The table (≈ 1.95 MB, at most 2 MB) is its own module reached by
// a dynamic import, so browser bundles fetch it lazily (or never, when the offline judge is not
// used); when it cannot be loaded the judge keeps its built-in word lists.
// The module also exports WORDNET_NOTICE, the Princeton licence notice that travels with it.
import { parseWordTable, type WordTable } from './word-table';

let loading: Promise<WordTable | null> | undefined;

/** The parsed word table, or null when it cannot be loaded. Loaded once, then cached. */
export function loadWordTable(): Promise<WordTable | null> {
  loading ??= import('./wordnet-table').then(
    (module) => parseWordTable(module.WORDNET_TABLE),
    () => null,
  );
  return loading;
}
