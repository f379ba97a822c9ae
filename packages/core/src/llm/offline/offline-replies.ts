import type { LLMMessage } from '../llm-adapter';
import { parseRabbitholeSystemPrompt } from '../../prompts/rabbithole-prompt';
import { parseTutorNotes, stripTutorNotes } from '../../prompts/tutor-notes';
import { parseTutorSystemPrompt } from '../../prompts/tutor-system-prompt';
import { coverage, keyTerms, normalizeText, splitSentences } from './lexical';
import { NEAR_MISS_COVERAGE, RECALLED_COVERAGE } from './offline-judges';

/**
 * Template tutor: questions and progressively narrower hints built from the focus point's
 * context (never its content). The points come from the system prompt's labelled list, the
 * focus and progress from the `<session_notes>` of the last user turn. It checks the
 * learner's latest words itself (the evaluator runs concurrently), so it can move on or ask
 * for precision in the same turn.
 */
export function tutorReplyOffline(system: string, messages: readonly LLMMessage[]): string {
  const last = messages.at(-1)?.content ?? '';
  const notes = parseTutorNotes(last);
  const prompt = parseTutorSystemPrompt(system);
  const setName = prompt.recallSetName || 'this topic';
  const broad = `What else do you remember about ${setName}?`;
  if (notes === null) return broad;
  const focusLabel = notes.focus?.label;
  const focus = prompt.points.find((point) => point.label === focusLabel);
  if (notes.focus === null || focus === undefined) {
    return `Which part of ${setName} would you explain differently now?`;
  }
  const words = stripTutorNotes(last);
  const answer = notes.task === 'reply' ? coverage(focus.content, words) : undefined;
  const area =
    listTerms(
      keyTerms(focus.context)
        .map((term) => term.word)
        .slice(0, 3),
    ) || setName;
  const attempts =
    notes.focus.failedAttempts + notes.focus.nearMisses + (notes.task === 'reply' ? 1 : 0);
  let question: string;
  if (answer !== undefined && answer.matched.length > 0 && answer.ratio >= RECALLED_COVERAGE) {
    question = broad;
  } else if (
    answer !== undefined &&
    answer.matched.length > 0 &&
    answer.ratio >= NEAR_MISS_COVERAGE
  ) {
    question = `Close, but part of it is still missing. Think about ${area}: what exactly happens there?`;
  } else if (notes.task === 'opening') {
    question = `Let's begin with ${setName}. What comes to mind first?`;
  } else if (attempts <= 1) {
    question = `Here is a hint: think about ${area}. What does that bring back?`;
  } else if (attempts === 2) {
    question = `A narrower hint: ${splitSentences(focus.context)[0] ?? area} What is the idea?`;
  } else {
    const contextWords = focus.context.split(/\s+/);
    const half = contextWords.slice(0, Math.max(1, Math.ceil(contextWords.length / 2))).join(' ');
    question = `Let me start it for you: "${half} …" How would you complete it?`;
  }
  if (notes.task === 'recap') {
    const total = notes.recalled.length + notes.unchecked.length + 1;
    question = `Welcome back. So far you have recalled ${notes.recalled.length} of ${total} points. ${broad}`;
  }
  const contents = prompt.points.map((point) => normalizeText(point.content));
  const normalized = normalizeText(question);
  // Context may quote a point; never let a point's content through verbatim.
  if (contents.some((content) => content.length > 0 && normalized.includes(content))) return broad;
  return question;
}

function listTerms(terms: string[]): string {
  if (terms.length <= 1) return terms.join('');
  return `${terms.slice(0, -1).join(', ')} and ${terms.at(-1)}`;
}

/**
 * Exploratory responder: shares the resource sentences that best match the learner's
 * words and the topic, skipping sentences it already said.
 */
export function rabbitholeReplyOffline(system: string, messages: readonly LLMMessage[]): string {
  const { topic, recallSetName, resources } = parseRabbitholeSystemPrompt(system);
  const said = messages
    .filter((message) => message.role === 'assistant')
    .map((message) => message.content)
    .join(' ');
  const query = new Set(
    keyTerms(`${topic} ${stripTutorNotes(messages.at(-1)?.content ?? '')}`).map(
      (term) => term.stem,
    ),
  );
  const ranked = resources
    .flatMap((resource) => splitSentences(resource.content))
    .filter((sentence) => !said.includes(sentence))
    .map((sentence) => ({
      sentence,
      score: keyTerms(sentence).filter((term) => query.has(term.stem)).length,
    }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 2)
    .map((candidate) => candidate.sentence);
  if (ranked.length === 0) {
    return `${capitalize(topic || 'That')} is a good thread to pull. It connects to ${recallSetName || 'what you are studying'} in more ways than it first seems. What about it caught your attention?`;
  }
  return `${ranked.join(' ')} What else would you like to know about ${topic || 'it'}?`;
}

function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
