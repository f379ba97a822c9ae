import { isStopWord, normalizeText } from '../../text/lexical';
import { type WordToken, wordTokens } from '../../text/word-tokens';

/** Words this long count as vocabulary even when written in lower case. */
const LONG_WORD = 7;

/**
 * Lexical term list for a `terms` call: the distinctive words of each point's content —
 * names and acronyms ("Krebs", "ATP", "acetyl-CoA"), words with digits, long words — and
 * two-word phrases led by a name or made of two long words ("ATP synthase", "oxidative
 * phosphorylation"), in the points' spelling, each once. Demo-grade: there is no dictionary of everyday words.
 */
export function extractTermsOffline(userContent: string): { terms: string[] } {
  const seen = new Set<string>();
  const terms: string[] = [];
  const add = (term: string) => {
    const key = term.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    terms.push(term);
  };
  for (const content of pointContents(userContent)) {
    const tokens = wordTokens(content);
    tokens.forEach((token, index) => {
      const next = tokens[index + 1];
      if (
        next !== undefined &&
        /^\s+$/.test(content.slice(token.end, next.start)) &&
        isPhrase(token, next, index)
      ) {
        add(`${token.text} ${next.text}`);
      }
      if (isDistinctive(token.text, index)) add(token.text);
    });
  }
  return { terms };
}

/**
 * The points' content from the term extractor's message: its numbered lines inside
 * `<points>` (their "Context:" lines are help for the tutor, not vocabulary). Falls back to
 * the whole message when it has no numbered lines.
 */
function pointContents(userContent: string): string[] {
  const start = userContent.indexOf('<points>');
  const end = userContent.lastIndexOf('</points>');
  const body = start === -1 || end < start ? userContent : userContent.slice(start + 8, end);
  const numbered = [...body.matchAll(/^\s*\d+\.\s+(.+)$/gm)].map((match) => match[1]!);
  return numbered.length > 0 ? numbered : [body];
}

function isContentWord(word: string): boolean {
  const normalized = normalizeText(word);
  return normalized.length >= 3 && !isStopWord(normalized) && !/^\d+$/.test(normalized);
}

/** Capitalised mid-sentence, an acronym, or a word with inner capitals, digits or hyphens. */
function isNameLike(word: string, index: number): boolean {
  return (
    /\p{Lu}/u.test(word.slice(1)) || /[\p{N}-]/u.test(word) || (index > 0 && /^\p{Lu}/u.test(word))
  );
}

function isDistinctive(word: string, index: number): boolean {
  return isContentWord(word) && (isNameLike(word, index) || word.length >= LONG_WORD);
}

/** Both words of a phrase without a name must be this long ("oxidative phosphorylation"). */
const LONG_PHRASE_WORD = 8;

/** A name followed by a content word ("Krebs cycle"), or two long words. */
function isPhrase(first: WordToken, second: WordToken, index: number): boolean {
  if (!isContentWord(first.text) || !isContentWord(second.text)) return false;
  if (isNameLike(first.text, index)) return true;
  return (
    !isNameLike(second.text, index + 1) &&
    first.text.length >= LONG_PHRASE_WORD &&
    second.text.length >= LONG_PHRASE_WORD
  );
}
