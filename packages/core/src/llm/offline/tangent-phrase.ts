// A readable name for a tangent, taken from the learner's own question: "I wonder why leaves
// turn red and yellow in autumn?" → topic "leaves turning red and yellow in autumn", label
// "Leaves turning red and yellow". Never a bag of keywords ("Wonder Leaves").

import { shortLabel } from '../../session/turn-rules';

/** Openers that carry no topic: "hmm,", "by the way", "also"… */
const FILLER =
  /^(?:hmm+|oh|ah|so|ok(?:ay)?|well|actually|also|and|but|wait|by the way|btw|random question|quick question|just wondering)\b[,:]?\s*/i;

/** A question's lead-in and what follows it; `clause` marks "why/how + statement" forms. */
const LEAD_INS: ReadonlyArray<{
  pattern: RegExp;
  kind: 'clause' | 'phrase' | 'question' | 'happened';
}> = [
  // "What happened to Marie Antoinette's children": the label is what it happened to.
  { pattern: /^(what (?:happen(?:s|ed)?|became) (?:to|of|with|at|in)) (.+)$/i, kind: 'happened' },
  // "Which is bigger, a blue whale or a dinosaur": the label is what is compared.
  {
    pattern: /^(which (?:is|was|are|were) [\w\s]+?),? ((?:\S+ ){0,3}\S+ or .+)$/i,
    kind: 'happened',
  },
  { pattern: /^(?:what happens|what happened) (?:when|if|after) (.+)$/i, kind: 'phrase' },
  {
    pattern:
      /^i(?:'m| am)? (?:really |just |always )?(?:wonder(?:ed|ing)?|curious) (why|how) (.+)$/i,
    kind: 'clause',
  },
  {
    pattern: /^(?:do you know|can you tell me|could you tell me) (why|how) (.+)$/i,
    kind: 'clause',
  },
  { pattern: /^(why|how) (?:do|does|did) (.+)$/i, kind: 'clause' },
  { pattern: /^(how) come (.+)$/i, kind: 'clause' },
  {
    pattern:
      /^(?:i(?:'m| am)? (?:really |just )?(?:wonder(?:ed|ing)?|curious)(?: about)?|tell me (?:more )?about|(?:can|could) you tell me (?:more )?about|what do you know about|what about|what if|is it true that|i(?:'d| would) love to know(?: more)? about)(?: whether| if| what| when| where| who)? (.+)$/i,
    kind: 'phrase',
  },
  { pattern: /^(?:what|who) (?:is|are|was|were) (.+)$/i, kind: 'phrase' },
  { pattern: /^((?:why|how|what|when|where|which|who) .+)$/i, kind: 'question' },
];

const DETERMINERS = new Set(
  'the a an some many most all our their my your these those this that'.split(' '),
);
/** Verbs a statement keeps as they are: "why the sky is blue" reads better than "being". */
const KEPT_VERBS = new Set(
  `is are was were be been has have had can could will would should may might must do does
did`.split(/\s+/),
);
const TRAILING = new Set(
  `and or of in on at to the a an with for from by than as into about over under so but their its
his her our your my own near`.split(/\s+/),
);
/** Everyday verbs, so "leaves turn" becomes "leaves turning" and "the immune system" stays. */
const COMMON_VERBS = new Set(
  `turn make need look grow fly fall land change move work happen become get go come cause use
live die eat sleep breathe feel see hear smell taste sound seem appear stay keep split break float
sink burn melt freeze boil glow shine spin rotate orbit form build create produce absorb reflect
travel migrate hibernate attack fight win lose collapse explode evolve survive spread last start
stop end exist matter differ vary follow lead speak sing swim run walk jump climb hunt hide bite
sting cry laugh yawn sneeze itch hurt heal age rust decay rot stick bounce roll slide flow rain
snow blow shake erupt crack bend stretch shrink expand contract attract repel conduct store carry
send receive remember forget learn know think dream choose vote pay cost trade sell buy invest
crash rise drop fade shed bloom mate nest lay hatch wear prefer like love hate want believe call
write read play fear worship rule marry behave react respond win train dream cut sink compile
learn fail`.split(/\s+/),
);
const WH_WORDS = new Set(['why', 'how', 'what', 'when', 'where', 'which', 'who']);
/** Subjects a label drops: "why do we dream" → "dreaming", not "we dreaming". */
const PRONOUNS = new Set(['i', 'we', 'you', 'they']);
/** Where a second clause starts: a long label stops before it. */
const CLAUSE_STARTS = new Set(
  'when while if because since although though whereas unless until so'.split(' '),
);
/** Verbs whose last consonant doubles although they have two syllables. */
const DOUBLING = new Set(
  'prefer refer occur admit control begin forget regret permit commit'.split(' '),
);

/** A tangent's topic (a readable phrase) and its short label, from the learner's message. */
export function tangentPhrase(message: string): { topic: string; label: string } {
  const sentence = curiousSentence(message);
  const { topic, subject } = topicOf(sentence);
  const phrase = trimEnd(topic.split(/\s+/).slice(0, 10)).join(' ');
  const words = trimEnd((subject ?? phrase).split(/\s+/).filter((word) => word !== ''));
  // A long question makes a label without its question words: "Birds go in winter".
  let start = words.length > 4 && WH_WORDS.has(words[0]!.toLowerCase()) ? 1 : 0;
  if (KEPT_VERBS.has(words[start]?.toLowerCase() ?? '') && words.length - start > 3) start += 1;
  if (DETERMINERS.has(words[start]?.toLowerCase() ?? '')) start += 1;
  // The engine's own label rule (six words at most, nothing dangling), so it keeps it whole.
  let kept = words.slice(start);
  // Determiners inside a comparison go too: "blue whale or dinosaur".
  kept = kept.filter(
    (word, index) =>
      index === 0 ||
      !DETERMINERS.has(word.toLowerCase()) ||
      !/^(?:or|and|vs|versus)$/i.test(kept[index - 1]!),
  );
  // A long label stops before a second clause: "Onions making you cry", not "… when you".
  const clause = kept.findIndex(
    (word, index) => index >= 2 && CLAUSE_STARTS.has(word.toLowerCase()),
  );
  if (kept.length > 6 && clause !== -1) kept = kept.slice(0, clause);
  const label = shortLabel(kept.join(' '));
  return { topic: phrase, label: label.charAt(0).toUpperCase() + label.slice(1) };
}

/** The sentence that asks: the first with "?" or a curious opener, else the last one. */
function curiousSentence(message: string): string {
  const sentences = message
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
  const asking = sentences.find((sentence) =>
    /\?|\b(?:wonder|curious|what about|what if|how come)\b/i.test(sentence),
  );
  return asking ?? sentences.at(-1) ?? message;
}

/** The topic phrase, and the words the label is made of when they differ from it. */
function topicOf(sentence: string): { topic: string; subject?: string } {
  // "…, why?" and "…, right?" ask nothing of their own.
  let text = sentence
    .replace(/\b(what|who|how|where|why|when)['’]s\b/gi, '$1 is')
    .replace(/[?!.…]+$/u, '')
    .replace(/,\s*(?:why|how|right|huh|no)$/i, '')
    .trim();
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(FILLER, '');
  }
  for (const { pattern, kind } of LEAD_INS) {
    const match = pattern.exec(text);
    if (match === null) continue;
    switch (kind) {
      case 'clause':
        return { topic: gerundClause(match[2]!) ?? `${match[1]!.toLowerCase()} ${match[2]!}` };
      case 'happened':
        return { topic: `${match[1]!.toLowerCase()} ${match[2]!}`, subject: match[2]! };
      case 'question':
        return { topic: lowerFirst(match[1]!) };
      case 'phrase':
        return { topic: gerundClause(match.at(-1)!) ?? match.at(-1)! };
    }
  }
  return { topic: lowerFirst(text) };
}

/**
 * "leaves turn red" (after "why", "how") → "leaves turning red": the verb after the subject
 * becomes its -ing form. Undefined when the verb is not clear ("why is the sky blue"): the
 * question is then kept as asked.
 */
function gerundClause(clause: string): string | undefined {
  const words = clause.split(/\s+/);
  let verbAt = DETERMINERS.has(words[0]!.toLowerCase()) ? 1 : 0;
  // A subject of capitalised words is one name: "the Roman Empire".
  do verbAt += 1;
  while (
    verbAt < words.length &&
    /^\p{Lu}/u.test(words[verbAt]!) &&
    /^\p{Lu}/u.test(words[verbAt - 1]!)
  );
  // "Einstein's theory change…": a possessive is not yet the whole subject.
  if (/['’]s?$/.test(words[verbAt - 1] ?? '') && verbAt + 1 < words.length) verbAt += 1;
  const verb = words[verbAt]?.toLowerCase();
  if (verb === undefined || !isCommonVerb(verb)) return undefined;
  const subject =
    verbAt === 1 && PRONOUNS.has(words[0]!.toLowerCase()) ? [] : words.slice(0, verbAt);
  return [...subject, gerund(verb), ...words.slice(verbAt + 1)].join(' ');
}

function isCommonVerb(word: string): boolean {
  if (COMMON_VERBS.has(word)) return true;
  const singular = word
    .replace(/ies$/, 'y')
    .replace(/(?:ss|sh|ch|x|o)es$/, (ending) => ending.slice(0, -2));
  return COMMON_VERBS.has(singular) || COMMON_VERBS.has(word.replace(/s$/, ''));
}

/** "turn" → "turning", "makes" → "making", "run" → "running", "flies" → "flying". */
export function gerund(verb: string): string {
  let base = verb;
  if (/ies$/.test(base) && base.length > 4) base = `${base.slice(0, -3)}y`;
  else if (/(?:ss|sh|ch|x|o)es$/.test(base)) base = base.slice(0, -2);
  else if (/[^s]s$/.test(base)) base = base.slice(0, -1);
  if (/ie$/.test(base)) return `${base.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(base) && base !== 'be') return `${base.slice(0, -1)}ing`;
  if (DOUBLING.has(base)) return `${base}${base.at(-1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base)) return `${base}${base.at(-1)}ing`;
  return `${base}ing`;
}

function trimEnd(words: string[]): string[] {
  const result = [...words];
  while (
    result.length > 1 &&
    TRAILING.has(
      result
        .at(-1)!
        .toLowerCase()
        .replace(/[^\p{L}]/gu, ''),
    )
  ) {
    result.pop();
  }
  return result.map((word, index) =>
    index === result.length - 1 ? word.replace(/[,;:]+$/, '') : word,
  );
}

// A sentence's first word loses its capital only when it is surely no name: "Why", "The".
function lowerFirst(text: string): string {
  const first = /^\p{L}+/u.exec(text)?.[0] ?? '';
  const common = WH_WORDS.has(first.toLowerCase()) || DETERMINERS.has(first.toLowerCase());
  return common ? first.toLowerCase() + text.slice(first.length) : text;
}
