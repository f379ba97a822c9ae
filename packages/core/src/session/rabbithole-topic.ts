// A rabbit-hole topic as the engine keeps it: normalised for duplicate checks, and shortened
// to the label the interface shows. Pure.

/** Normalises a rabbit-hole topic for duplicate checks. */
export function normalizeTopic(topic: string): string {
  return topic
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The most words a rabbit-hole label keeps. */
export const LABEL_MAX_WORDS = 6;
/** The most characters a rabbit-hole label keeps. */
export const LABEL_MAX_CHARACTERS = 40;

// Words a label never ends on: "Leaves turning red and yellow in" reads cut off.
const DANGLING_WORDS = new Set(
  `a an and or but nor of in on at to the with without within for from by as into onto than their
its his her our your my this that these those over under about after before during between
through against like via per upon toward towards across behind beyond among around is are was
were be been do does did has have had can could will would should may might must so if when
while where which who whom whose what why how not very much more most some any no such`.split(
    /\s+/,
  ),
);

/**
 * A rabbit-hole label as the interface shows it (from the detector's label, else its topic):
 * at most {@link LABEL_MAX_WORDS} words and {@link LABEL_MAX_CHARACTERS} characters, cut at a
 * word boundary, with no small word or punctuation left dangling at the end — so "Leaves
 * turning red and yellow in autumn" becomes "Leaves turning red and yellow".
 */
export function shortLabel(text: string): string {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, LABEL_MAX_WORDS);
  while (words.length > 1 && words.join(' ').length > LABEL_MAX_CHARACTERS) words.pop();
  // Trailing punctuation goes; symbols that are part of a name stay ("C++", "C#", "Na+").
  const bare = (word: string) => word.replace(/[^\p{L}\p{N}+#°]+$/u, '');
  while (words.length > 1 && DANGLING_WORDS.has(bare(words.at(-1)!).toLowerCase())) words.pop();
  const label = words.join(' ');
  return bare(label.length > LABEL_MAX_CHARACTERS ? label.slice(0, LABEL_MAX_CHARACTERS) : label);
}
