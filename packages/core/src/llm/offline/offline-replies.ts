import type { LLMMessage } from '../llm-adapter';
import { parseRabbitholeSystemPrompt } from '../../prompts/rabbithole-prompt';
import { findTagText, findTags } from '../../prompts/tagged-text';
import { parseTutorNotes, stripTutorNotes } from '../../prompts/tutor-notes';
import { keyTerms, normalizeText, splitSentences } from './lexical';

/**
 * Template tutor: questions and progressively narrower hints built from the focus point's
 * context (never its content), read from the `<session_notes>` of the last user turn.
 */
export function tutorReplyOffline(system: string, messages: readonly LLMMessage[]): string {
  const last = messages.at(-1)?.content ?? '';
  const notes = parseTutorNotes(last);
  const setName = findTagText(findTags(system, 'recall_set')[0]?.body ?? '', 'name') ?? 'this topic';
  if (notes === null) return `What do you remember about ${setName}?`;
  const focus = notes.focus;
  if (focus === null) {
    return `Which part of ${setName} would you explain differently now?`;
  }
  const contextSentences = splitSentences(focus.context);
  const contextTerms = keyTerms(focus.context).map((term) => term.word);
  const area = contextTerms.slice(0, 3).join(', ') || setName;
  const nearMiss = notes.observations.find(
    (observation) => observation.kind === 'near_miss' && observation.pointId === focus.id,
  );
  const misses = focus.failedAttempts + focus.nearMisses;
  let question: string;
  if (nearMiss !== undefined && nearMiss.kind === 'near_miss') {
    question = `Close, but part of it is still missing. Think about ${area}: what exactly is it?`;
  } else if (notes.task === 'opening' || misses === 0) {
    question = `Let's start with ${setName}. What can you tell me about ${area}?`;
  } else if (misses === 1) {
    question = `Here is a hint: think about ${area}. What does that bring back?`;
  } else if (misses === 2) {
    question = `A narrower hint: ${contextSentences[0] ?? area} What is the idea?`;
  } else {
    const words = focus.context.split(/\s+/);
    const half = words.slice(0, Math.max(1, Math.ceil(words.length / 2))).join(' ');
    question = `Let me start it for you: "${half} …" How would you complete it?`;
  }
  if (notes.task === 'recap') {
    const total = notes.recalled.length + notes.unchecked.length + 1;
    question = `Welcome back. So far you have recalled ${notes.recalled.length} of ${total} points. ${question}`;
  }
  const contents = [focus, ...notes.unchecked, ...notes.recalled].map((point) =>
    normalizeText(point.content),
  );
  const normalized = normalizeText(question);
  // Context may quote a point; never let a point's content through verbatim.
  if (contents.some((content) => content.length > 0 && normalized.includes(content))) {
    return `What else do you remember about ${setName}?`;
  }
  return question;
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
    keyTerms(`${topic} ${stripTutorNotes(messages.at(-1)?.content ?? '')}`).map((term) => term.stem),
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
