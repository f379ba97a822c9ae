import type { RecallPoint, RecallSet } from '../model/recall-set';
import { pointLabelsById } from '../prompts/turn-requests';
import type { TutorNotes } from '../prompts/tutor-notes';
import { hasStem, isGenericTerm, keyTerms, splitSentences } from '../text/lexical';

/** A blank of a cloze ("___"), as the tutor prompt asks for it. */
const BLANK = /_{2,}/;

/** The acknowledgement that opens a reply taking the covered branch ("Right." / "Yes."). */
const ACKNOWLEDGEMENT = /^\s*(right|yes|correct|exactly|true|indeed|good|ok|okay)\b[.!,:;—–-]/i;

/** Options for {@link askedPointOf} and {@link reaskedPointOf}. */
export interface AskedPointOptions {
  /** The tutor's reply as stored. */
  reply: string;
  recallSet: RecallSet;
  /** The notes the reply's request carried (focus, covered branch, pending and recalled points). */
  notes: TutorNotes;
}

/** Where a tutor reply's question points, as stored on its `assistant_message`. */
export interface ReplyQuestion {
  /** {@link askedPointOf}: the pending point the question asks about. */
  askedPointId?: string | undefined;
  /** {@link reaskedPointOf}: the recalled point the question asks about again. */
  reaskedPointId?: string | undefined;
}

/**
 * The point a tutor reply's question asks about, or undefined when the reply asks nothing (no
 * question mark, no cloze blank) or no point is pending. Read from the reply and the notes its
 * request carried, never from the evaluator (which judges the learner, concurrently):
 *
 * 1. the question is the reply's last sentence with a "?" or a blank (with the sentence before
 *    it when it names nothing specific: "Stay with membranes. Where does this happen?");
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
  const question = questionOf(options.reply);
  if (question === undefined) return undefined;
  const points = pointsByLabel(options.recallSet);
  const { best, leaders } = rank(
    question,
    pointsOf(points, [notes.focus.label, ...notes.unchecked]),
  );
  if (best > 0 && leaders.length === 1) return leaders[0]!;
  const next = notes.afterFocus?.kind === 'next' ? notes.afterFocus.label : undefined;
  if (next !== undefined && ACKNOWLEDGEMENT.test(options.reply)) return points.get(next)?.id;
  const focusId = points.get(notes.focus.label)?.id;
  return best > 0 && focusId !== undefined && leaders.includes(focusId) ? focusId : undefined;
}

/**
 * The recalled point a tutor reply's question asks about again, or undefined. The reading of
 * {@link askedPointOf} (steps 1 and 2) over every point the notes name, pending and recalled:
 * a re-ask is a question whose one clear leader is a point the notes list as recalled. Recalled
 * means as the request knew it: a point credited by the very message the reply answers (the
 * evaluator runs alongside the tutor) is no re-ask, the tutor could not know.
 */
export function reaskedPointOf(options: AskedPointOptions): string | undefined {
  const { notes } = options;
  if (notes.recalled.length === 0) return undefined;
  const question = questionOf(options.reply);
  if (question === undefined) return undefined;
  const points = pointsByLabel(options.recallSet);
  const pending = notes.focus === null ? notes.unchecked : [notes.focus.label, ...notes.unchecked];
  const { best, leaders } = rank(question, pointsOf(points, [...pending, ...notes.recalled]));
  if (best === 0 || leaders.length !== 1) return undefined;
  const recalledIds = pointsOf(points, notes.recalled).map((point) => point.id);
  return recalledIds.includes(leaders[0]!) ? leaders[0] : undefined;
}

/** {@link askedPointOf} and {@link reaskedPointOf} of one reply, fields absent when undefined. */
export function questionOfReply(options: AskedPointOptions): ReplyQuestion {
  const askedPointId = askedPointOf(options);
  const reaskedPointId = reaskedPointOf(options);
  return {
    ...(askedPointId === undefined ? {} : { askedPointId }),
    ...(reaskedPointId === undefined ? {} : { reaskedPointId }),
  };
}

/**
 * The reply's last sentence with a "?" or a cloze blank: the question it asks. A question that
 * names nothing specific ("Where does this happen?") refers back: the sentence before it is
 * read with it ("Stay with membranes.").
 */
function questionOf(reply: string): string | undefined {
  const sentences = splitSentences(reply);
  const index = sentences.findLastIndex(
    (sentence) => sentence.includes('?') || BLANK.test(sentence),
  );
  if (index === -1) return undefined;
  const question = sentences[index]!;
  if (index === 0 || specificStems(question).length > 0) return question;
  return `${sentences[index - 1]} ${question}`;
}

function specificStems(text: string): string[] {
  return keyTerms(text)
    .filter((term) => !isGenericTerm(term))
    .map((term) => term.stem);
}

function pointsByLabel(recallSet: RecallSet): Map<string, RecallPoint> {
  const points = new Map(recallSet.points.map((point) => [point.id, point]));
  const byLabel = new Map<string, RecallPoint>();
  for (const [pointId, label] of pointLabelsById(recallSet)) {
    const point = points.get(pointId);
    if (point !== undefined) byLabel.set(label, point);
  }
  return byLabel;
}

function pointsOf(points: ReadonlyMap<string, RecallPoint>, labels: readonly string[]) {
  return labels.flatMap((label) => points.get(label) ?? []);
}

/** The candidates sharing the most specific key terms with `question`, and that count. */
function rank(
  question: string,
  candidates: readonly RecallPoint[],
): { best: number; leaders: string[] } {
  const asked = specificStems(question);
  const scored = candidates.map((point) => ({
    pointId: point.id,
    score: keyTerms(`${point.content} ${point.context}`).filter(
      (term) => !isGenericTerm(term) && hasStem(asked, term.stem),
    ).length,
  }));
  const best = Math.max(0, ...scored.map((entry) => entry.score));
  return {
    best,
    leaders: scored.filter((entry) => entry.score === best).map((entry) => entry.pointId),
  };
}
