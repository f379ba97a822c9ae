import { topicOfRabbitholeCue } from '../../prompts/conversation-cues';
import { parseRabbitholeSystemPrompt } from '../../prompts/rabbithole-prompt';
import { findTags, unescapeTagText } from '../../prompts/tagged-text';
import type { LLMMessage } from '../llm-adapter';
import { keyTerms, splitSentences } from '../../text/lexical';

/** Share of a point's key terms a resource sentence may hold before it gives the point away. */
const GIVES_AWAY = 0.5;

/**
 * Exploratory responder: shares the resource sentences that best match the learner's words
 * and the topic, skipping sentences it already said and any sentence that states a point the
 * request lists as still to recall (every `<point>` element in the system prompt or the last
 * user turn), so the learner cannot repeat an answer it was just handed.
 */
export function rabbitholeReplyOffline(system: string, messages: readonly LLMMessage[]): string {
  const { recallSetName, resources } = parseRabbitholeSystemPrompt(system);
  const topic = topicOfRabbitholeCue(messages[0]?.content ?? '');
  const last = messages.at(-1)?.content ?? '';
  const said = messages
    .filter((message) => message.role === 'assistant')
    .map((message) => message.content)
    .join(' ');
  const hidden = [system, last].flatMap((text) =>
    findTags(text, 'point').map((point) => keyTerms(unescapeTagText(point.body))),
  );
  const query = new Set(keyTerms(`${topic} ${withoutTags(last)}`).map((term) => term.stem));
  const ranked = resources
    .flatMap((resource) => splitSentences(resource.content))
    .filter((sentence) => !said.includes(sentence))
    .map((sentence) => ({ sentence, stems: keyTerms(sentence).map((term) => term.stem) }))
    .filter(({ stems }) => !hidden.some((terms) => givesAway(terms, stems)))
    .map(({ sentence, stems }) => ({
      sentence,
      score: stems.filter((stem) => query.has(stem)).length,
    }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 2)
    .map((candidate) => candidate.sentence);
  if (ranked.length === 0) {
    return `That connects to ${recallSetName || 'what you are studying'} in more ways than it first seems. What about it caught your attention?`;
  }
  return `${ranked.join(' ')} What else would you like to know about it?`;
}

function givesAway(terms: ReadonlyArray<{ stem: string }>, stems: readonly string[]): boolean {
  if (terms.length === 0) return false;
  const shared = terms.filter((term) => stems.includes(term.stem)).length;
  return shared / terms.length >= GIVES_AWAY;
}

// The engine's tagged sections (notes, point lists) are not the learner's words.
function withoutTags(text: string): string {
  return text.replace(/<([a-z_]+)(?:\s[^>]*)?>[\s\S]*?<\/\1>/g, ' ');
}
