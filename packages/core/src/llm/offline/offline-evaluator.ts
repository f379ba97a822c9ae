import type { Evaluation } from '../../prompts/evaluator-prompt';
import { parseEvaluatorRequest } from '../../prompts/evaluator-prompt';
import { focusAttempted, verdictGiven } from './focus-attempt';
import { judgeAnswer, readPoints } from './lexical-judge';
import { describeMissing } from '../../text/missing-aspects';

/**
 * Lexical evaluator (see `judgeAnswer`): a point is recalled when the latest message covers
 * ≥ 75 % of its content's key terms (together with the previous learner message when the
 * latest completes it) and does not contradict it (negated, roles swapped, a wrong term); a
 * near miss when it covers a meaningful share of the terms specific to that point. A near
 * miss's `missing` names the missing *aspects* ("what it comes from"), never the missing
 * words, so it is safe to show the learner. `evidence` quotes the learner's own clause
 * verbatim. `attempted` marks the points the latest message tried to state: any point it
 * recalls, nearly recalls or contradicts, and the focus point when the message uses a word
 * only that point has or says the learner cannot recall it.
 */
export function evaluateOffline(userContent: string): Evaluation {
  const request = parseEvaluatorRequest(userContent);
  const points = readPoints(request.points.map((point) => point.content));
  // The learner's previous message counts too when the latest completes it.
  const previous = request.conversation.findLast((message) => message.role === 'user')?.content;
  const judgements = judgeAnswer({ points, latest: request.latestMessage, previous });
  const said = [previous ?? '', request.latestMessage].join(' ');
  const focusIndex = request.points.findIndex((point) => point.id === request.focusPointId);
  return {
    points: request.points.map((point, index) => {
      const judgement = judgements[index]!;
      const terms = points.weighted[index]!;
      const weightOf = (stem: string) => terms.find((term) => term.stem === stem)?.weight ?? 1;
      return {
        pointId: point.id,
        recalled: judgement.recalled,
        nearMiss: judgement.nearMiss,
        missing: judgement.nearMiss
          ? describeMissing({ content: point.content, said, weightOf })
          : '',
        certainty: judgement.certainty,
        attempted:
          index === focusIndex
            ? focusAttempted({ judgements, focusIndex, message: request.latestMessage, terms })
            : verdictGiven(judgement),
        evidence: judgement.recalled ? judgement.evidence : '',
      };
    }),
  };
}
