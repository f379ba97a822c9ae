import type { Evaluation } from '../../prompts/evaluator-prompt';
import { parseEvaluatorRequest } from '../../prompts/evaluator-prompt';
import { describeMissing } from '../../text/missing-aspects';
import {
  echoesReplies,
  fillCloze,
  isCloze,
  isLearnerQuestion,
  rightAsFarAsItGoes,
  suppliesBlanks,
} from './credit-rules';
import { focusAttempted, verdictGiven } from './focus-attempt';
import { judgeAnswer, type PointJudgement, readPoints } from './lexical-judge';

/**
 * Lexical evaluator (see `judgeAnswer`): a point is recalled when the latest message covers
 * ≥ 75 % of its content's key terms (together with the previous learner message when the
 * latest completes it) and does not contradict it (negated, roles swapped, a wrong term); a
 * point it covers in other words (synonyms, broader terms, definition words from WordNet) is
 * recalled too when it clearly leads the other points (see `judgeAnswer`); a
 * near miss when it covers a meaningful share of the terms specific to that point and says
 * nothing the point does not (right as far as it goes). Never credited: a learner's question
 * (`isLearnerQuestion`), an echo of the latest agent replies (`isEcho`). A gap-fill is judged
 * together with the tutor's last cloze, and credited when the learner's own words supply the
 * blanked key terms. A near miss's `missing` names the missing *aspects* ("what it comes
 * from"), never the missing words. `evidence` quotes the learner's own words verbatim.
 * `attempted` marks the points the latest message tried to state: any point it recalls,
 * nearly recalls or contradicts, and the focus point when the message uses a word only that
 * point has or says the learner cannot recall it.
 */
export function evaluateOffline(userContent: string): Evaluation {
  const request = parseEvaluatorRequest(userContent);
  const contents = request.points.map((point) => point.content);
  const points = readPoints(contents);
  // The learner's previous message counts too when the latest completes it.
  const previous = request.conversation.findLast((message) => message.role === 'user')?.content;
  const latest = request.latestMessage;
  const agentReplies = request.conversation
    .filter((message) => message.role === 'assistant')
    .map((message) => message.content);
  const question = isLearnerQuestion(latest);
  const lastReply = request.conversation.at(-1);
  const cloze =
    lastReply?.role === 'assistant' && isCloze(lastReply.content) ? lastReply.content : null;
  const filled = cloze === null ? null : fillCloze(cloze, latest);
  const gapJudgements =
    filled === null || question ? null : judgeAnswer({ points, latest: filled });
  const judgements = judgeAnswer({ points, latest, previous }).map((judgement, index) => {
    if (question) return { ...judgement, recalled: false, nearMiss: false, evidence: '' };
    const gap = gapJudgements?.[index];
    if (gap?.recalled && suppliesBlanks(contents[index]!, cloze!, latest)) {
      return { ...gap, evidence: latest.trim() };
    }
    return withCreditRules(judgement, contents[index]!, latest, agentReplies);
  });
  const said = [previous ?? '', latest].join(' ');
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
            ? focusAttempted({ judgements, focusIndex, message: latest, terms })
            : verdictGiven(judgement),
        evidence: judgement.recalled ? judgement.evidence : '',
      };
    }),
  };
}

/** An echo is neither credited nor a near miss; a near miss must be right as far as it goes. */
function withCreditRules(
  judgement: PointJudgement,
  content: string,
  latest: string,
  agentReplies: readonly string[],
): PointJudgement {
  const evidence = judgement.recalled ? judgement.evidence : latest;
  if ((judgement.recalled || judgement.nearMiss) && echoesReplies(evidence, agentReplies)) {
    return { ...judgement, recalled: false, nearMiss: false, evidence: '' };
  }
  if (judgement.nearMiss && !rightAsFarAsItGoes(content, latest)) {
    return { ...judgement, nearMiss: false };
  }
  return judgement;
}
