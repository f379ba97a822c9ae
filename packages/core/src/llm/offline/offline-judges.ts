import type { Detection } from '../../prompts/detector-prompt';
import { parseDetectorRequest } from '../../prompts/detector-prompt';
import type { Evaluation } from '../../prompts/evaluator-prompt';
import { parseEvaluatorRequest } from '../../prompts/evaluator-prompt';
import { keyTerms } from './lexical';
import { judgeAnswer, weighTerms } from './lexical-judge';
import { describeMissing } from './missing-aspects';

/**
 * Lexical evaluator (see `judgeAnswer`): a point is recalled when the latest message covers
 * ≥ 75 % of its content's key terms (together with the previous learner message when the
 * latest completes it); a near miss when it covers a meaningful share of the terms specific
 * to that point. A near miss's `missing` names the missing *aspects*
 * ("what it comes from"), never the missing words, so it is safe to show the learner.
 * Anything else is confidently "not addressed".
 */
export function evaluateOffline(userContent: string): Evaluation {
  const request = parseEvaluatorRequest(userContent);
  const contents = request.points.map((point) => point.content);
  const weights = weighTerms(contents);
  // The learner's previous message counts too when the latest completes it.
  const previous = request.conversation.findLast((message) => message.role === 'user')?.content;
  const judgements = judgeAnswer({ weighted: weights, latest: request.latestMessage, previous });
  const said = [previous ?? '', request.latestMessage].join(' ');
  return {
    points: request.points.map((point, index) => {
      const judgement = judgements[index]!;
      const weightOf = (stem: string) =>
        weights[index]!.find((term) => term.stem === stem)?.weight ?? 1;
      return {
        pointId: point.id,
        recalled: judgement.recalled,
        nearMiss: judgement.nearMiss,
        missing: judgement.nearMiss
          ? describeMissing({ content: point.content, said, weightOf })
          : '',
        certainty: judgement.certainty,
        attempted:
          judgement.recalled ||
          judgement.nearMiss ||
          (point.id === request.focusPointId && DONT_KNOW.test(request.latestMessage)),
        evidence: judgement.recalled ? request.latestMessage : '',
      };
    }),
  };
}

/** "I don't remember" and the like: an attempt on the focus that found nothing. */
const DONT_KNOW =
  /\b(?:(?:don'?t|do not|can'?t|cannot) (?:remember|recall|know)|no idea|not sure|forgot|i forget)\b/i;

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
