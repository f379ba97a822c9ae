import type { Detection } from '../../prompts/detector-prompt';
import { parseDetectorRequest } from '../../prompts/detector-prompt';
import { keyTerms } from '../../text/lexical';
import { tangentPhrase } from './tangent-phrase';

const CURIOSITY = /\?|\b(why|how come|what about|what if|i wonder|wonder|curious|tell me more)\b/i;

/**
 * Tangent heuristic: a curious message (a question, "I wonder", "what about"…) whose key
 * terms are mostly absent from the points still to recall. The topic is a readable phrase
 * taken from the learner's question ("leaves turning red and yellow in autumn"), the label its
 * first words ("Leaves turning red and yellow").
 */
export function detectOffline(userContent: string): Detection {
  const request = parseDetectorRequest(userContent);
  const known = new Set(
    request.points.flatMap((point) => keyTerms(point.content).map((term) => term.stem)),
  );
  const terms = keyTerms(request.latestMessage);
  const novel = terms.filter((term) => !known.has(term.stem));
  const { topic, label } = tangentPhrase(request.latestMessage);
  const previous = new Set(request.previousTopics.map(normalizeTopic));
  const isRabbithole =
    CURIOSITY.test(request.latestMessage) &&
    novel.length >= 2 &&
    novel.length / terms.length >= 0.6 &&
    topic !== '' &&
    !previous.has(normalizeTopic(topic));
  if (!isRabbithole) {
    return {
      isRabbithole: false,
      topic: '',
      label: '',
      relatedPointIds: [],
      certainty: 0.8,
      reasoning: 'No curious question about terms outside the points.',
    };
  }
  return {
    isRabbithole: true,
    topic,
    label,
    relatedPointIds: request.points
      .filter((point) =>
        keyTerms(point.content).some((term) => terms.some((said) => said.stem === term.stem)),
      )
      .map((point) => point.id),
    certainty: 0.7,
    reasoning: 'A curious question whose terms are mostly outside the points.',
  };
}

function normalizeTopic(topic: string): string {
  return topic
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
