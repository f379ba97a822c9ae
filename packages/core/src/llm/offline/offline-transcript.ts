import { editDistance, isStopWord, normalizeText, stem } from '../../text/lexical';
import { type WordToken, wordTokens } from '../../text/word-tokens';

/** The answer to a `transcript` call (the shape the voice pipeline's schema expects). */
export interface OfflineTranscript {
  text: string;
  corrections: Array<{ original: string; corrected: string }>;
}

/**
 * Demo-grade transcript clean-up. Typed text comes back unchanged. Spoken text gets one
 * cheap fix: a word or phrase that is a near miss of a listed term — compared case- and
 * accent-insensitively, one edit for 5–7 letters, two from 8 — is replaced by the term.
 * Exact matches in another case, inflections ("enzyme" for "enzymes") and words under
 * five letters are left alone, and nothing is written as notation.
 */
export function cleanTranscriptOffline(userContent: string): OfflineTranscript {
  const text = utteranceOf(userContent);
  if (!/^Mode: voice/.test(userContent)) return { text, corrections: [] };
  const terms = termsOf(userContent).map((term) => ({
    term,
    normalized: normalizeText(term),
    length: wordTokens(term).length,
  }));
  const known = new Set(terms.map((term) => term.normalized));
  const tokens = wordTokens(text);
  const corrections: OfflineTranscript['corrections'] = [];
  let output = '';
  let copied = 0;
  let index = 0;
  while (index < tokens.length) {
    const match = bestMatch({ text, tokens, index, terms, known });
    if (match === undefined) {
      index += 1;
      continue;
    }
    const start = tokens[index]!.start;
    const end = tokens[index + match.length - 1]!.end;
    const original = text.slice(start, end);
    const corrected = followCase(original, match.term);
    corrections.push({ original, corrected });
    output += text.slice(copied, start) + corrected;
    copied = end;
    index += match.length;
  }
  return { text: output + text.slice(copied), corrections };
}

interface Term {
  term: string;
  normalized: string;
  /** Words in the term. */
  length: number;
}

/** The closest term that the words starting at `index` are a near miss of. */
function bestMatch(options: {
  text: string;
  tokens: readonly WordToken[];
  index: number;
  terms: readonly Term[];
  /** Normalised terms: words that already are a term are never changed into another. */
  known: ReadonlySet<string>;
}): Term | undefined {
  const { text, tokens, index, terms, known } = options;
  let best: { term: Term; distance: number } | undefined;
  for (const candidate of terms) {
    const window = tokens.slice(index, index + candidate.length);
    if (candidate.length === 0 || window.length < candidate.length) continue;
    // Only words separated by spaces form a phrase.
    const between = window
      .slice(1)
      .map((token, offset) => text.slice(window[offset]!.end, token.start));
    if (between.some((gap) => !/^\s+$/.test(gap))) continue;
    const spoken = normalizeText(window.map((token) => token.text).join(' '));
    if (known.has(spoken)) continue;
    const distance = nearMissDistance(spoken, candidate.normalized);
    if (distance !== undefined && (best === undefined || distance < best.distance)) {
      best = { term: candidate, distance };
    }
  }
  return best?.term;
}

/** The edit distance when `spoken` is a near miss of `term`; undefined otherwise. */
function nearMissDistance(spoken: string, term: string): number | undefined {
  if (spoken === term || term.length < 5 || spoken[0] !== term[0]) return undefined;
  const spokenWords = spoken.split(' ');
  const termWords = term.split(' ');
  if (spokenWords.every((word) => isStopWord(word))) return undefined;
  // Same stems word by word: an inflection of the term, not a mishearing.
  if (
    spokenWords.length === termWords.length &&
    spokenWords.every((word, position) => stem(word) === stem(termWords[position]!))
  ) {
    return undefined;
  }
  const allowed = term.length >= 8 ? 2 : 1;
  const distance = editDistance(spoken, term);
  return distance <= allowed ? distance : undefined;
}

/**
 * The term as spelled, except that a term capitalised only because it opened its point's
 * sentence ("Glycolysis") is written in lower case where the speaker's word was.
 */
function followCase(original: string, term: string): string {
  const sentenceCase = /^\p{Lu}[\p{Ll}\s'’-]*$/u.test(term);
  return sentenceCase && /^\p{Ll}/u.test(original) ? term[0]!.toLowerCase() + term.slice(1) : term;
}

/** The utterance of a transcript message (the pipeline neutralises its closing tag). */
function utteranceOf(userContent: string): string {
  const start = userContent.indexOf('<utterance>\n');
  const end = userContent.lastIndexOf('\n</utterance>');
  if (start === -1 || end < start) return userContent.trim();
  return userContent
    .slice(start + '<utterance>\n'.length, end)
    .replaceAll('< /utterance>', '</utterance>');
}

/** The term list of a voice-mode transcript message, one term a line. */
function termsOf(userContent: string): string[] {
  const start = userContent.indexOf('<terms>\n');
  const end = userContent.indexOf('\n</terms>', start);
  if (start === -1 || end === -1) return [];
  return userContent
    .slice(start + '<terms>\n'.length, end)
    .split('\n')
    .map((term) => term.replaceAll('< /terms>', '</terms>').trim())
    .filter((term) => term !== '');
}
