// The scripted model for `npm run eval` (`--llm module:scripts/eval/scripted-model.ts`): the
// repository's scripted adapter (`createScriptedLLM` of `@recall/core/testing`) answering from
// the demo sets' answer key instead of judging. Its evaluator credits exactly the points a
// learner message states as the set's `evalAnswers.strong` (or the content verbatim) say, and
// its tutor asks one question per reply, naming each point by a cue of one or two of its words.
// With a judge that is right by construction, every metric the run reports that is not zero
// measures the engine and the harness, not a model's judgment: false credits must be 0 for
// every persona.
import { join } from 'node:path';
import { keyTerms } from '@recall/core';
import {
  createScriptedLLM,
  type ScriptedLLM,
  type ScriptedRequest,
  scriptEvaluation,
} from '@recall/core/testing';
import { type EvalRecallSet, readRecallSetsFile } from '@recall/eval';
// The engine's own reading of "I cannot recall it" (not a public export): the tutor must wrap
// the probe exactly when the engine does, as the system prompt's third-miss rule says.
import { saysCannotRecall } from '../../packages/core/src/session/turn-rules';

const DEMO_SETS = join(import.meta.dirname, '../../eval/demo-recall-sets.json');

/** What the scripted model knows of one point: its id, content and accepted answers. */
interface KeyedPoint {
  id: string;
  content: string;
  /** Answers as {@link segments}: a message holding one of them states the point. */
  accepted: string[];
  /** The content key term(s) the fewest other points share: how the tutor names the point. */
  cue: string;
}

/** Lower case, letters and digits only, single spaces: "Lava, is magma!" → "lava is magma". */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function unescapeTagText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The answer key of every point of `sets`, by normalised content. */
export function answerKey(sets: readonly EvalRecallSet[]): Map<string, KeyedPoint> {
  const key = new Map<string, KeyedPoint>();
  for (const set of sets) {
    const points = set.recallSet.points;
    for (const point of points) {
      const others = points
        .filter((other) => other.id !== point.id)
        .flatMap((other) => keyTerms(`${other.content} ${other.context}`).map((term) => term.stem));
      const terms = keyTerms(point.content);
      const shared = (stem: string) => others.filter((other) => other === stem).length;
      const ranked = [...terms].sort(
        (a, b) => shared(a.stem) - shared(b.stem) || b.word.length - a.word.length,
      );
      // A cue another point shares too is made specific by a second term, where showing two
      // of the point's terms stays within the leak cap (half of them).
      const [first, second] = ranked;
      const cue =
        first === undefined
          ? 'this point'
          : shared(first.stem) > 0 && second !== undefined && terms.length >= 4
            ? `${first.word} and ${second.word}`
            : first.word;
      const strong = set.answers.get(point.id)?.strong;
      const answers = strong === undefined ? [] : typeof strong === 'string' ? [strong] : strong;
      key.set(normalise(point.content), {
        id: point.id,
        content: point.content,
        accepted: [point.content, ...answers].map(segments),
        cue,
      });
    }
  }
  return key;
}

/**
 * The message's sentences and tagged parts, normalised, as "|a|b|": an answer counts only as
 * whole sentences, so "It is not the case that X." does not state X.
 */
function segments(text: string): string {
  const parts = text
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .split(/<[^>]*>|[.!?;]+(?=\s|$)/)
    .map(normalise)
    .filter((part) => part !== '');
  return `|${parts.join('|')}|`;
}

function states(message: string, point: KeyedPoint): boolean {
  const said = segments(message);
  return point.accepted.some((text) => said.includes(text));
}

/** The message uses a key term of the point's content: an attempt on it, right or wrong. */
function mentions(message: string, point: KeyedPoint): boolean {
  const stems = keyTerms(point.content).map((term) => term.stem);
  return keyTerms(message).some((term) => stems.includes(term.stem));
}

/** The evaluator: credits the points the message states, else an attempt on the focus. */
function evaluate(key: ReadonlyMap<string, KeyedPoint>, request: ScriptedRequest) {
  const content = request.messages.at(-1)?.content ?? '';
  const latest = unescapeTagText(
    /<latest_message>([\s\S]*?)<\/latest_message>/.exec(content)?.[1] ?? '',
  );
  const points = [...content.matchAll(/<point id="([^"]+)"( focus="true")?>([\s\S]*?)<\/point>/g)];
  const recalled: string[] = [];
  let focus: KeyedPoint | undefined;
  for (const [, , isFocus, pointContent] of points) {
    const point = key.get(normalise(unescapeTagText(pointContent!)));
    if (point === undefined) continue;
    if (isFocus !== undefined) focus = point;
    if (states(latest, point)) recalled.push(point.id);
  }
  // A message using the focus's own words without stating it tried and missed.
  const tried = focus !== undefined && !recalled.includes(focus.id) && mentions(latest, focus);
  return scriptEvaluation({
    recalled,
    ...(tried && focus !== undefined ? { attempted: [focus.id] } : {}),
  });
}

/** The tutor: one question per reply, about the notes' focus or the covered branch's point. */
function tutor(key: ReadonlyMap<string, KeyedPoint>, request: ScriptedRequest): string {
  const byLabel = new Map<string, KeyedPoint>();
  for (const [, label, content] of request.system.matchAll(
    /<point label="(P\d+)"><content>([\s\S]*?)<\/content>/g,
  )) {
    const point = key.get(normalise(unescapeTagText(content!)));
    if (point !== undefined) byLabel.set(label!, point);
  }
  const last = request.messages.at(-1)?.content ?? '';
  const notesAt = last.lastIndexOf('<session_notes>');
  const notes = notesAt === -1 ? '' : last.slice(notesAt);
  const learner = notesAt === -1 ? last : last.slice(0, notesAt);
  const task = /<task kind="(\w+)"/.exec(notes)?.[1] ?? 'reply';
  const focus = byLabel.get(/<focus point="(P\d+)"/.exec(notes)?.[1] ?? '');
  const next = /<if_focus_covered next="(\w+)"/.exec(notes)?.[1];
  if (focus === undefined) return 'That was every point. Well done.';
  const ask = (point: KeyedPoint) => `What do you recall about ${point.cue}?`;
  switch (task) {
    case 'opening':
      return `Let us begin. ${ask(focus)}`;
    case 'recap':
      return `Welcome back. ${ask(focus)}`;
    case 'return':
      return `Back to the recall. ${ask(focus)}`;
    default: {
      const after = next === undefined ? undefined : byLabel.get(next);
      if (states(learner, focus)) {
        return after === undefined ? 'Right. That was the last one.' : `Right. ${ask(after)}`;
      }
      // The system prompt's third-miss rule: the engine sets the focus aside after this answer,
      // so ask about the point named next, without comment.
      const failed = Number(/failed_attempts="(\d+)"/.exec(notes)?.[1] ?? 0);
      const cannotRecall = saysCannotRecall(learner);
      const missed = cannotRecall || mentions(learner, focus);
      const wraps = missed && ((failed + 1) % 3 === 0 || (cannotRecall && failed % 3 !== 0));
      if (wraps && after !== undefined) return ask(after);
      return `Not yet. ${ask(focus)}`;
    }
  }
}

/** The scripted model over `sets` (the `module:` default export reads the demo sets). */
export function createAnswerKeyLLM(sets: readonly EvalRecallSet[]): ScriptedLLM {
  const key = answerKey(sets);
  return createScriptedLLM({
    tutor: (request) => tutor(key, request),
    evaluator: (request) => evaluate(key, request),
  });
}

export default async (): Promise<ScriptedLLM> =>
  createAnswerKeyLLM(await readRecallSetsFile(DEMO_SETS));
