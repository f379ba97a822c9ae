import type { Detection } from '../../prompts/detector-prompt';
import { parseDetectorRequest } from '../../prompts/detector-prompt';
import type { Evaluation } from '../../prompts/evaluator-prompt';
import { parseEvaluatorRequest } from '../../prompts/evaluator-prompt';
import { coverage, keyTerms } from './lexical';

/** Coverage at or above which a point counts as recalled. */
export const RECALLED_COVERAGE = 0.75;
/** Coverage at or above which a partly covered point is a near miss. */
export const NEAR_MISS_COVERAGE = 0.3;

/**
 * Lexical evaluator: a point is recalled when the latest message covers ≥ 75 % of its
 * content's key terms, a near miss (naming the missing terms) from 30 %, otherwise
 * confidently not addressed.
 */
export function evaluateOffline(userContent: string): Evaluation {
  const request = parseEvaluatorRequest(userContent);
  return {
    points: request.points.map((point) => {
      const result = coverage(point.content, request.latestMessage);
      if (result.matched.length > 0 && result.ratio >= RECALLED_COVERAGE) {
        return {
          pointId: point.id,
          recalled: true,
          nearMiss: false,
          missing: '',
          certainty: round(0.6 + 0.4 * result.ratio),
        };
      }
      if (result.matched.length > 0 && result.ratio >= NEAR_MISS_COVERAGE) {
        return {
          pointId: point.id,
          recalled: false,
          nearMiss: true,
          missing: `missing: ${result.missing.map((term) => term.word).join(', ')}`,
          certainty: 0.7,
        };
      }
      return { pointId: point.id, recalled: false, nearMiss: false, missing: '', certainty: 0.9 };
    }),
  };
}

const CURIOSITY = /\?|\b(why|how come|what about|what if|i wonder|wonder|curious|tell me more)\b/i;

/**
 * Tangent heuristic: a curious message (a question, "I wonder", "what about"…) whose key
 * terms are mostly absent from the points still to recall. The topic is made of those
 * new terms.
 */
export function detectOffline(userContent: string): Detection {
  const request = parseDetectorRequest(userContent);
  const known = new Set(
    request.points.flatMap((point) => keyTerms(point.content).map((term) => term.stem)),
  );
  const terms = keyTerms(request.latestMessage);
  const novel = terms.filter((term) => !known.has(term.stem));
  const previous = new Set(request.previousTopics.map((topic) => topic.toLowerCase()));
  const topic = novel
    .slice(0, 3)
    .map((term) => term.word)
    .join(' ');
  const isRabbithole =
    CURIOSITY.test(request.latestMessage) &&
    novel.length >= 2 &&
    novel.length / terms.length >= 0.6 &&
    !previous.has(topic);
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
    label: novel
      .slice(0, 2)
      .map((term) => term.word[0]!.toUpperCase() + term.word.slice(1))
      .join(' '),
    relatedPointIds: request.points
      .filter((point) =>
        keyTerms(point.content).some((term) => terms.some((t) => t.stem === term.stem)),
      )
      .map((point) => point.id),
    certainty: 0.7,
    reasoning: 'A curious question whose terms are mostly outside the points.',
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
