// General English word knowledge for the offline evaluator: negation cues, opposites,
// near-synonyms, irregular forms and number words. No subject matter lives here: every list
// is about how English says things, so the rules work on any topic.

import { baseForm } from './word-forms';

const words = (list: string) => list.trim().split(/\s+/);

/** Words that negate what follows them in their clause ("not", "never", "fails"). */
export const NEGATION_WORDS: ReadonlySet<string> = new Set(
  words(`not never neither nor cannot unable rarely seldom hardly barely fail fails failed
failing prevent prevents prevented preventing stop stops stopped stopping`),
);

/** Negation that only covers the noun phrase after it ("no air", "without oxygen"). */
export const NOUN_NEGATION_WORDS: ReadonlySet<string> = new Set(
  words('no without none nothing nobody nowhere lack lacks lacked lacking'),
);

/** Two-word negation cues, as "first second". */
export const NEGATION_PHRASES: ReadonlySet<string> = new Set([
  'rather than',
  'instead of',
  'opposed to',
  'false that',
  'untrue that',
  'myth that',
]);

/** Words after "not" / "no" that make it a hedge or an addition, not a negation. */
export const HEDGE_AFTER_NEGATION: ReadonlySet<string> = new Set(
  words('sure certain positive confident only just doubt idea clue too'),
);

/**
 * Words that only grade what follows "not" ("not really sure", "not really part of"): the
 * word after them decides between a hedge and a negation.
 */
export const GRADING_AFTER_NEGATION: ReadonlySet<string> = new Set(
  words('quite totally entirely completely exactly really 100 percent'),
);

/** Words that hedge rather than state ("involved somehow"): never a wrong word of their own. */
export const HEDGE_WORDS: ReadonlySet<string> = new Set(
  words('involve involved somehow related relate connected connect associated basically probably'),
);

/** Words that say one thing causes another: a connective ("because") can say what a verb does. */
export const CAUSAL_WORDS: ReadonlySet<string> = new Set(
  words('cause causes caused causing because due therefore thus hence so result results resulted'),
);

/** Words that end a clause (and a negation's scope) without punctuation. */
export const CLAUSE_WORDS: ReadonlySet<string> = new Set(
  words('but while whereas although though however yet so because since unless until'),
);

/** Pairs of words with opposite meanings, as "one/other". */
const OPPOSITES: ReadonlyArray<[string, string]> =
  words(`increase/decrease increase/reduce rise/fall raise/lower raise/reduce raise/cut rise/drop
rise/sink grow/shrink expand/contract gain/lose gain/loss high/low up/down more/less more/fewer much/little
most/least maximum/minimum large/small big/small big/little long/short heavy/light thick/thin
wide/narrow deep/shallow dense/sparse fast/slow quick/slow sudden/gradual sudden/slow early/late
first/last before/after start/end start/stop begin/end open/close enter/leave enter/exit
hot/cold hot/cool warm/cool warm/cold absorb/release absorb/emit absorb/reflect attract/repel push/pull
accept/reject allow/prevent allow/block add/remove give/take send/receive input/output buy/sell
win/lose strong/weak hard/soft positive/negative true/false right/wrong same/different
equal/unequal together/apart join/split combine/separate inner/outer inside/outside
internal/external top/bottom upper/lower above/below above/beneath above/under over/under
north/south east/west northern/southern eastern/western left/right front/back forward/backward
toward/away towards/away in/out into/out to/from into/from towards/from toward/from onto/from
summer/winter day/night light/dark bright/dim bright/dark wet/dry full/empty alive/dead living/dead natural/artificial
major/minor always/never all/none many/few rich/poor cheap/expensive old/young old/new
ancient/modern simple/complex stable/unstable visible/invisible possible/impossible
legal/illegal dominant/recessive acid/base acidic/alkaline anode/cathode import/export
win/defeat`).map((pair) => pair.split('/') as [string, string]);

/** Groups of words that can stand for each other in an answer (by their base form). */
const NEAR_SYNONYMS: readonly string[] = [
  'cause make produce create generate trigger lead result bring drive',
  'big large great huge',
  'small little tiny',
  'fast quick rapid speedy',
  'slow gradual',
  'begin start commence initiate',
  'end finish terminate conclude',
  'increase rise grow climb',
  'decrease fall drop decline shrink reduce lower',
  'greater more larger bigger higher exceed exceeds',
  'less fewer smaller lower',
  'carry transport convey deliver bring take',
  'send pump push',
  'get obtain pick collect receive acquire gain',
  'give provide supply deliver',
  'release emit give',
  'kill destroy eliminate',
  'happen occur',
  'form create make build produce',
  'split divide break separate',
  'join combine merge',
  'bind attach stick',
  'link connect',
  'change convert turn transform',
  'prevent stop block halt',
  'show expose present',
  'train teach',
  'learn train',
  'use employ utilize utilise',
  'need require',
  'contain hold include',
  'store keep hold',
  'mainly mostly largely primarily chiefly principally',
  'about roughly approximately around nearly',
  'every each',
  'daily day',
  'side half',
  'quantity amount',
  'price cost',
  'become turn grow get',
  'move drift shift travel go',
  'sink descend',
  'beneath below under underneath',
  'above over',
  'near close',
  'also too',
  'called named known',
  'respond react',
  'quickly faster rapidly sooner',
  'help aid assist',
  'key main central',
  'germ pathogen microbe',
  'version form',
  'speed rate',
  'beyond past',
  'poem poetry verse',
];

/**
 * Shortened words English uses in speech, with the word they stand for ("uni" for
 * "university"). Only clippings that name nothing else; WordNet lists many others itself
 * ("lab", "exam", "flu").
 */
const CLIPPINGS: readonly string[] = [
  'tech technology',
  'uni university',
  'info information',
  'bio biology',
  'chem chemistry',
  'econ economics',
  'govt government',
  'approx approximately',
  'temp temperature',
  'pic picture',
  'stats statistics',
  'intro introduction',
  'meds medication',
  'mins minutes',
  'hrs hours',
  'yrs years',
  'dept department',
];

/**
 * Word relations, keyed by a normalising function (the stemmer), so "increases" and
 * "decreased" meet their entries. Built once per key function.
 */
export interface WordRelations {
  /** Whether the two words mean opposite things. */
  opposite(a: string, b: string): boolean;
  /** Whether the two words can stand for each other. */
  synonym(a: string, b: string): boolean;
}

/** Builds the opposite / near-synonym lookups over `key` (e.g. the offline stemmer). */
export function createWordRelations(key: (word: string) => string): WordRelations {
  const normalise = (word: string) => key(baseForm(word));
  const opposites = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    const set = opposites.get(a) ?? new Set<string>();
    set.add(b);
    opposites.set(a, set);
  };
  for (const [a, b] of OPPOSITES) {
    link(normalise(a), normalise(b));
    link(normalise(b), normalise(a));
  }
  const groups = new Map<string, Set<number>>();
  [...NEAR_SYNONYMS, ...CLIPPINGS].forEach((group, index) => {
    for (const word of words(group)) {
      const set = groups.get(normalise(word)) ?? new Set<number>();
      set.add(index);
      groups.set(normalise(word), set);
    }
  });
  return {
    opposite: (a, b) => opposites.get(normalise(a))?.has(normalise(b)) ?? false,
    synonym(a, b) {
      const left = groups.get(normalise(a));
      const right = groups.get(normalise(b));
      if (left === undefined || right === undefined) return false;
      for (const group of left) if (right.has(group)) return true;
      return false;
    },
  };
}
