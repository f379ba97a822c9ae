// Names what is missing from an answer by its *aspect* ("where it happens", "what it comes
// from") instead of by its words, so near-miss feedback and follow-up questions never hand the
// answer over. The aspect of a word comes from the little word that introduces it in the
// point's content ("in the thylakoid" → where; "from ADP" → what it comes from).

import { hasStem, keyTerms, normalizeText } from './lexical';
import { wordTokens } from './offline-terms';

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

/**
 * The weightiest aspects of `content` that `said` leaves out (ties in content order), at most
 * `limit`, in `order`. Before any introducing word, a missing word ahead of everything the
 * learner said is the actor, one after it the action.
 */
export function missingAspects(options: MissingAspectsOptions): Aspect[] {
  const said = keyTerms(options.said).map((term) => term.stem);
  const totals = new Map<Aspect, { weight: number; position: number }>();
  const tokens = wordTokens(options.content);
  const firstSaid = tokens.findIndex((token) =>
    keyTerms(token.text).some((term) => hasStem(said, term.stem)),
  );
  let introduced: Aspect | null = null;
  tokens.forEach((token, position) => {
    const word = normalizeText(token.text);
    const introducer = INTRODUCERS.get(word);
    if (introducer !== undefined) {
      introduced = introducer;
      return;
    }
    const terms = keyTerms(token.text).filter((term) => !hasStem(said, term.stem));
    if (terms.length === 0) return;
    const aspect: Aspect = /\d/.test(word)
      ? 'number'
      : (introduced ?? subjectOrVerb(position, firstSaid));
    const weight = Math.max(...terms.map((term) => options.weightOf?.(term.stem) ?? 1));
    const total = totals.get(aspect);
    totals.set(aspect, {
      weight: (total?.weight ?? 0) + weight,
      position: total?.position ?? position,
    });
  });
  const weightiest = [...totals.entries()]
    .sort(([, a], [, b]) => b.weight - a.weight || a.position - b.position)
    .slice(0, options.limit ?? 2);
  if (options.order !== 'weight') weightiest.sort(([, a], [, b]) => a.position - b.position);
  return weightiest.map(([aspect]) => aspect);
}

// Before any introducing word: the subject ("what carries it out") comes first, then the verb
// and its object ("what it does"). Without a verb list, the learner's own words mark the turn.
function subjectOrVerb(position: number, firstSaid: number): Aspect {
  if (firstSaid === -1) return position === 0 ? 'actor' : 'action';
  return position < firstSaid ? 'actor' : 'action';
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
