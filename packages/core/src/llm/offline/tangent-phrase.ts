// A readable name for a tangent, taken from the learner's own question: "I wonder why leaves
// turn red and yellow in autumn?" → topic "leaves turning red and yellow in autumn", label
// "Leaves turning red and yellow". Never a bag of keywords ("Wonder Leaves").

import { LABEL_MAX_CHARACTERS, LABEL_MAX_WORDS } from '../../session/rabbithole-topic';

/** Openers that carry no topic: "hmm,", "by the way", "also"… */
const FILLER =
  /^(?:hmm+|oh|ah|so|ok(?:ay)?|well|actually|also|and|but|wait|by the way|btw|random question|quick question|just wondering)\b[,:]?\s*/i;

/** A question's lead-in and what follows it; `clause` marks "why/how + statement" forms. */
const LEAD_INS: ReadonlyArray<{ pattern: RegExp; kind: 'clause' | 'phrase' | 'question' }> = [
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
crash rise drop fade shed bloom mate nest lay hatch`.split(/\s+/),
);
const WH_WORDS = new Set(['why', 'how', 'what', 'when', 'where', 'which', 'who']);

/** A tangent's topic (a readable phrase) and its short label, from the learner's message. */
export function tangentPhrase(message: string): { topic: string; label: string } {
  const sentence = curiousSentence(message);
  const phrase = trimEnd(topicOf(sentence).split(/\s+/).slice(0, 10)).join(' ');
  const words = phrase.split(/\s+/).filter((word) => word !== '');
  // A long question makes a label without its question words: "Birds go in winter".
  let start = words.length > 4 && WH_WORDS.has(words[0]!.toLowerCase()) ? 1 : 0;
  if (start === 1 && KEPT_VERBS.has(words[1]!.toLowerCase())) start = 2;
  if (DETERMINERS.has(words[start]?.toLowerCase() ?? '')) start += 1;
  // "what happened to Marie Antoinette's children" is about the children.
  if (/^happen/i.test(words[start] ?? '') && words[start + 1]?.toLowerCase() === 'to') start += 2;
  if (DETERMINERS.has(words[start]?.toLowerCase() ?? '')) start += 1;
  const label = labelOf(words.slice(start));
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

function topicOf(sentence: string): string {
  // "…, why?" and "…, right?" ask nothing of their own.
  let text = sentence
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
    if (kind === 'clause') {
      return gerundClause(match[2]!) ?? `${match[1]!.toLowerCase()} ${match[2]!}`;
    }
    return kind === 'question' ? lowerFirst(match[1]!) : match.at(-1)!;
  }
  return lowerFirst(text);
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
  const verb = words[verbAt]?.toLowerCase();
  if (verb === undefined || !isCommonVerb(verb)) return undefined;
  return [...words.slice(0, verbAt), gerund(verb), ...words.slice(verbAt + 1)].join(' ');
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
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base)) return `${base}${base.at(-1)}ing`;
  return `${base}ing`;
}

/** Small words a label must not end on ("without", "in that", "than"). */
const DANGLING = new Set(
  `and or nor but of in on at to the a an with without for from by than as into onto about over
under so their its his her our your my own near that this these those which who whom whose very
much many some such more most less is are was were be being been do does did has have had can
could will would should may might must not between among through across after before during
against toward towards versus vs every each any all no`.split(/\s+/),
);
/** Words that open a phrase: cutting inside the phrase they open loses its head noun. */
const PHRASE_OPENERS = new Set(
  `of in on at to with without for from by than as into onto about over under near between among
through across after before during against toward towards versus vs that which who whose when
where while because if`.split(/\s+/),
);

/**
 * The label: at most {@link LABEL_MAX_WORDS} words and {@link LABEL_MAX_CHARACTERS} characters.
 * When the phrase is longer it is cut before the phrase the limit would break ("cacti surviving
 * in the desert without much water" → "Cacti surviving in the desert", not "… desert without"),
 * so the question's head noun stays and no small word dangles; symbols stay ("C++").
 */
function labelOf(words: readonly string[]): string {
  const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}+#]+$/u, '');
  let kept = [...words];
  const fits = (list: readonly string[]) =>
    list.length <= LABEL_MAX_WORDS && list.join(' ').length <= LABEL_MAX_CHARACTERS;
  if (!fits(kept)) {
    while (kept.length > 1 && !fits(kept)) kept.pop();
    const opener = kept.findLastIndex((word, index) => index > 0 && PHRASE_OPENERS.has(bare(word)));
    if (opener >= 2) kept = kept.slice(0, opener);
  }
  while (kept.length > 1 && DANGLING.has(bare(kept.at(-1)!))) kept.pop();
  const label = kept.join(' ').replace(/[,;:]+$/, '');
  return label.length > LABEL_MAX_CHARACTERS ? label.slice(0, LABEL_MAX_CHARACTERS) : label;
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
