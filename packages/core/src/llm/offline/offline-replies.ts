import type { LLMMessage } from '../llm-adapter';
import { parseRabbitholeSystemPrompt } from '../../prompts/rabbithole-prompt';
import { topicOfRabbitholeCue } from '../../prompts/conversation-cues';
import { stripTutorNotes } from '../../prompts/tutor-notes';
import { keyTerms, splitSentences } from './lexical';

/**
 * Exploratory responder: shares the resource sentences that best match the learner's
 * words and the topic, skipping sentences it already said.
 */
export function rabbitholeReplyOffline(system: string, messages: readonly LLMMessage[]): string {
  const { recallSetName, resources } = parseRabbitholeSystemPrompt(system);
  const topic = topicOfRabbitholeCue(messages[0]?.content ?? '');
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
