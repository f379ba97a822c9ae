import type { RecallSet } from '../model/recall-set';
import { pointLabelsById } from '../prompts/point-labels';
import type { TutorNotes } from '../prompts/tutor-notes';
import { hasStem, isGenericTerm, keyTerms, splitSentences } from '../text/lexical';

/** A blank of a cloze ("___"), as the tutor prompt asks for it. */
const BLANK = /_{2,}/;

/** The acknowledgement that opens a reply taking the covered branch ("Right." / "Yes."). */
const ACKNOWLEDGEMENT = /^\s*(right|yes|correct|exactly|true|indeed|good|ok|okay)\b[.!,:;—–-]/i;

/** Options for {@link askedPointOf}. */
export interface AskedPointOptions {
  /** The tutor's reply as stored. */
  reply: string;
  recallSet: RecallSet;
  /** The notes the reply's request carried (focus, covered branch, other pending points). */
  notes: TutorNotes;
}

/**
 * The point a tutor reply's question asks about, or undefined when the reply asks nothing (no
 * question mark, no cloze blank) or no point is pending. Read from the reply and the notes its
 * request carried, never from the evaluator (which judges the learner, concurrently):
 *
 * 1. the question is the reply's last sentence with a "?" or a blank;
 * 2. the pending point (focus, then the others in probe order) sharing the most specific key
 *    terms with it, content and context together, when exactly one shares the most;
 * 3. otherwise, when the reply opens with an acknowledgement ("Right."), the point the notes'
 *    covered branch named (`next`): the tutor judged the focus covered and moved on;
 * 4. otherwise, when one of the leaders is the focus, the focus (a hint about it);
 * 5. otherwise undefined: the engine cannot tell (the state then falls back on the focus and,
 *    after an attempt on it without credit, on the covered branch).
 */
export function askedPointOf(options: AskedPointOptions): string | undefined {
  const { notes } = options;
  if (notes.focus === null) return undefined;
  const question = splitSentences(options.reply)
    .filter((sentence) => sentence.includes('?') || BLANK.test(sentence))
    .at(-1);
  if (question === undefined) return undefined;
  const idsByLabel = new Map(
    [...pointLabelsById(options.recallSet)].map(([pointId, label]) => [label, pointId]),
  );
  const points = new Map(options.recallSet.points.map((point) => [point.id, point]));
  const candidates = [notes.focus.label, ...notes.unchecked].flatMap((label) => {
    const pointId = idsByLabel.get(label);
    const point = pointId === undefined ? undefined : points.get(pointId);
    return point === undefined ? [] : [point];
  });
  const asked = keyTerms(question)
    .filter((term) => !isGenericTerm(term))
    .map((term) => term.stem);
  const scored = candidates.map((point) => ({
    pointId: point.id,
    score: keyTerms(`${point.content} ${point.context}`).filter(
      (term) => !isGenericTerm(term) && hasStem(asked, term.stem),
    ).length,
  }));
  const best = Math.max(0, ...scored.map((entry) => entry.score));
  const leaders = scored.filter((entry) => entry.score === best);
  if (best > 0 && leaders.length === 1) return leaders[0]!.pointId;
  const next = notes.afterFocus?.kind === 'next' ? notes.afterFocus.label : undefined;
  if (next !== undefined && ACKNOWLEDGEMENT.test(options.reply)) return idsByLabel.get(next);
  const focusId = idsByLabel.get(notes.focus.label);
  return best > 0 && leaders.some((entry) => entry.pointId === focusId) ? focusId : undefined;
}
