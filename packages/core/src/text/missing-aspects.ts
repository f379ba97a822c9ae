// Names what is missing from an answer by its *aspect* ("where it happens", "what it comes
// from") instead of by its words, so near-miss feedback and follow-up questions never hand the
// answer over. The aspect of a word comes from the little word that introduces it in the
// point's content ("in the thylakoid" → where; "from ADP" → what it comes from).

import { hasStem, isGenericTerm, keyTerms, normalizeText } from './lexical';
import { wordTokens } from './word-tokens';

/** The kind of thing an answer is missing. */
export type Aspect =
  | 'actor'
  | 'action'
  | 'identity'
  | 'place'
  | 'source'
  | 'result'
  | 'means'
  | 'partner'
  | 'purpose'
  | 'role'
  | 'time'
  | 'reason'
  | 'number'
  | 'detail';

/** How an aspect is named in feedback, and asked about in a question. */
const WORDING: Record<Aspect, { phrase: string; question: string }> = {
  actor: { phrase: 'what carries it out', question: 'What carries this out?' },
  action: { phrase: 'what it does', question: 'What does this do, exactly?' },
  identity: { phrase: 'what it is', question: 'What is this, exactly?' },
  place: { phrase: 'where it happens', question: 'Where does this happen?' },
  source: { phrase: 'what it comes from', question: 'What does this come from?' },
  result: { phrase: 'what it leads to', question: 'What does this lead to?' },
  means: { phrase: 'how it happens', question: 'How does this happen?' },
  partner: { phrase: 'what goes with it', question: 'What goes with it?' },
  purpose: { phrase: 'what it is for', question: 'What is this for?' },
  role: { phrase: 'what role it plays', question: 'What role does this play?' },
  time: { phrase: 'when it happens', question: 'When does this happen?' },
  reason: { phrase: 'why it happens', question: 'Why does this happen?' },
  number: { phrase: 'the exact number', question: 'What is the exact number?' },
  detail: { phrase: 'a key detail', question: 'Which detail is still missing?' },
};

// The little words that introduce an aspect, e.g. "in the thylakoid" → where it happens.
const INTRODUCING_WORDS: Partial<Record<Aspect, string>> = {
  place: 'in inside within at on across throughout where',
  source: 'from',
  result: 'into to onto toward towards',
  means: 'by through via using',
  partner: 'with',
  purpose: 'for',
  role: 'as',
  time: 'before after during until when while between',
  reason: 'because since',
  identity: 'is are was were',
  action: 'which that who',
};

// A Map, not an object: content words such as "constructor" must not hit Object.prototype.
const INTRODUCERS: ReadonlyMap<string, Aspect> = new Map(
  (Object.entries(INTRODUCING_WORDS) as Array<[Aspect, string]>).flatMap(([aspect, words]) =>
    words.split(' ').map((word) => [word, aspect] as const),
  ),
);

/** The wording of an aspect: a noun phrase for feedback, a question for the tutor. */
export function aspectWording(aspect: Aspect): { phrase: string; question: string } {
  return WORDING[aspect];
}

/** Options for {@link missingAspects}. */
export interface MissingAspectsOptions {
  /** The point's content. */
  content: string;
  /** What the learner said (its words are not missing). */
  said: string;
  /** Weight of a missing term by stem (how much it matters); 1 when absent. */
  weightOf?: (stem: string) => number;
  /** At most this many aspects. @default 2 */
  limit?: number;
  /** Order of the result: as in the content, or weightiest first. @default 'content' */
  order?: 'content' | 'weight';
}

/** A run of content words with no small word between them ("thylakoid membranes"). */
interface Phrase {
  /** The aspect its introducing word gives it, if any. */
  introduced: Aspect | null;
  position: number;
  /** A phrase of generic words only ("makes", "happens"): a verb, kept apart. */
  generic: boolean;
  numeric: boolean;
  /** The learner said one of its words. */
  said: boolean;
  /** Weight of its words the learner did not say. */
  missing: number;
}

/**
 * The weightiest aspects of `content` that `said` leaves out (ties in content order), at most
 * `limit`, in `order`. Never an aspect the learner already answered, even partly: "the light
 * reactions happen in the thylakoids" covers "where it happens" although the content also says
 * "of the chloroplast". Before any introducing word, a phrase ahead of everything the learner
 * said is the actor, one after it the action.
 */
export function missingAspects(options: MissingAspectsOptions): Aspect[] {
  const phrases = phrasesOf(options);
  const firstSaid = phrases.findIndex((phrase) => phrase.said);
  const aspectOf = (phrase: Phrase, index: number): Aspect => {
    if (phrase.numeric) return 'number';
    if (phrase.introduced !== null) return phrase.introduced;
    if (firstSaid === -1) return index === 0 ? 'actor' : 'action';
    return index < firstSaid ? 'actor' : 'action';
  };
  // An introduced aspect ("in the thylakoids") the learner answered is not missing.
  const answered = new Set(
    phrases.flatMap((phrase) =>
      phrase.said && phrase.introduced !== null ? [phrase.introduced] : [],
    ),
  );
  const totals = new Map<Aspect, { weight: number; position: number }>();
  phrases.forEach((phrase, index) => {
    const aspect = aspectOf(phrase, index);
    if (phrase.said || phrase.missing === 0 || answered.has(aspect)) return;
    const total = totals.get(aspect);
    totals.set(aspect, {
      weight: (total?.weight ?? 0) + phrase.missing,
      position: total?.position ?? phrase.position,
    });
  });
  const weightiest = [...totals.entries()]
    .sort(([, a], [, b]) => b.weight - a.weight || a.position - b.position)
    .slice(0, options.limit ?? 2);
  if (options.order !== 'weight') weightiest.sort(([, a], [, b]) => a.position - b.position);
  return weightiest.map(([aspect]) => aspect);
}

function phrasesOf(options: MissingAspectsOptions): Phrase[] {
  const said = keyTerms(options.said).map((term) => term.stem);
  const phrases: Phrase[] = [];
  let introduced: Aspect | null = null;
  let current: Phrase | null = null;
  wordTokens(options.content).forEach((token, position) => {
    const word = normalizeText(token.text);
    const introducer = INTRODUCERS.get(word);
    if (introducer !== undefined) {
      introduced = introducer;
      current = null;
      return;
    }
    const terms = keyTerms(token.text);
    if (terms.length === 0) {
      current = null;
      return;
    }
    const generic = terms.every(isGenericTerm);
    if (current === null || current.generic !== generic) {
      current = { introduced, position, generic, numeric: false, said: false, missing: 0 };
      phrases.push(current);
    }
    current.numeric ||= /\d/.test(word);
    for (const term of terms) {
      if (hasStem(said, term.stem)) current.said = true;
      else current.missing = Math.max(current.missing, options.weightOf?.(term.stem) ?? 1);
    }
  });
  return phrases;
}

/**
 * Learner-safe near-miss feedback: what is still missing, by aspect, in words that never
 * state the answer — e.g. "Partly there — still missing: what it does and what it comes from."
 */
export function describeMissing(options: MissingAspectsOptions): string {
  const aspects = missingAspects(options);
  const phrases = (aspects.length === 0 ? (['detail'] as const) : aspects).map(
    (aspect) => WORDING[aspect].phrase,
  );
  return `Partly there — still missing: ${phrases.join(' and ')}.`;
}
