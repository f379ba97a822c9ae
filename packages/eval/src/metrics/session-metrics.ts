import { keyTerms, shownKeyTerms } from '@recall/core';
import type { Transcript } from './transcript';

/** How many turns without progress make a session stuck, and how far back "new" looks. */
export const STUCK_TURNS = 6;

/** A turn the report highlights, and which metric it offends. */
export interface Finding {
  turn: number;
  metric: 'reAsks' | 'questions' | 'answerLeak' | 'falseCredits' | 'missedCredits' | 'stuck';
  note: string;
}

/** What one session measured (see the package README for each formula). */
export interface SessionMetrics {
  completed: boolean;
  /** Learner messages up to the one that earned the last credit; null when not completed. */
  turnsToCompletion: number | null;
  learnerTurns: number;
  stuck: boolean;
  reAsks: number;
  /** Tutor replies asking 0, 1 and 2 or more questions. */
  questions: { zero: number; one: number; twoPlus: number };
  maxQuestionsPerReply: number;
  /** Largest share of one pending point's key terms shown by one tutor reply or hint. */
  tutorLeakMax: number;
  /** Mean over points of the share of key terms tutor replies and hints showed before recall. */
  tutorLeakMean: number;
  rabbitholeLeakMax: number;
  rabbitholeLeakMean: number;
  falseCredits: number;
  missedCredits: number;
  credits: number;
  /** Points the persona stated in full. */
  statedPoints: number;
  /** The learner turn by which every point had been asked; null if some never was. */
  allPointsAskedByTurn: number | null;
  /** The most tutor replies in a row asking about the same point. */
  longestAskRun: number;
  ratings: { again: number; hard: number; good: number; easy: number };
  requests: number;
  firstTokenMs: number[];
  tokens: number;
  /** The log's usage at the run's prices (every session). */
  costUsd: number;
  estimatedCostUsd: number | null;
  findings: Finding[];
}

/** Counts "?"-ended questions: runs of question marks, so "Why?!" or "??" count once. */
export function countQuestions(text: string): number {
  return text.match(/\?+/g)?.length ?? 0;
}

/** Share (0–1) of `pointText`'s key terms found in `shownTexts`. */
function share(pointText: string, shownTexts: readonly string[]): number {
  const total = keyTerms(pointText).length;
  return total === 0 ? 0 : shownKeyTerms(pointText, shownTexts).length / total;
}

/** Measures one session from its transcript (the stored log plus the persona's labels). */
export function measureSession(transcript: Transcript): SessionMetrics {
  const findings: Finding[] = [];
  const { points, replies, credits, messages } = transcript;
  const creditedIds = new Set(credits.map((credit) => credit.pointId));
  const completed = points.length > 0 && points.every((point) => creditedIds.has(point.id));
  const learnerTurns = messages.length;

  const tutor = replies.filter((reply) => reply.agent === 'tutor');
  let reAsks = 0;
  const questions = { zero: 0, one: 0, twoPlus: 0 };
  let maxQuestionsPerReply = 0;
  for (const reply of tutor) {
    if (reply.reaskedPointId !== null) {
      reAsks += 1;
      findings.push({
        turn: reply.turn,
        metric: 'reAsks',
        note: `re-asks ${reply.reaskedPointId}`,
      });
    }
    const count = countQuestions(reply.content);
    maxQuestionsPerReply = Math.max(maxQuestionsPerReply, count);
    if (count === 0) questions.zero += 1;
    else if (count === 1) questions.one += 1;
    else {
      questions.twoPlus += 1;
      findings.push({ turn: reply.turn, metric: 'questions', note: `${count} questions` });
    }
  }

  const leak = (agent: 'tutor' | 'rabbithole') => {
    const shown = replies
      .filter((reply) => reply.agent === agent)
      .map((reply) => ({ turn: reply.turn, text: reply.content, pending: reply.pendingPointIds }));
    if (agent === 'tutor') {
      for (const miss of transcript.nearMisses) {
        const pending = points.filter(
          (point) => !credits.some((c) => c.pointId === point.id && c.turn < miss.turn),
        );
        shown.push({ turn: miss.turn, text: miss.feedback, pending: pending.map((p) => p.id) });
      }
    }
    let max = 0;
    const perPoint: number[] = [];
    for (const point of points) {
      const before = shown.filter((item) => item.pending.includes(point.id));
      for (const item of before) {
        const value = share(point.content, [item.text]);
        if (value > max) max = value;
        if (agent === 'tutor' && value > 0.5) {
          findings.push({
            turn: item.turn,
            metric: 'answerLeak',
            note: `shows ${Math.round(value * 100)} % of ${point.id}`,
          });
        }
      }
      perPoint.push(
        share(
          point.content,
          before.map((item) => item.text),
        ),
      );
    }
    const mean = perPoint.length === 0 ? 0 : perPoint.reduce((a, b) => a + b, 0) / perPoint.length;
    return { max, mean };
  };
  const tutorLeak = leak('tutor');
  const rabbitholeLeak = leak('rabbithole');

  // Ground truth: a point is known from the first message that stated it (fully or in part).
  const knownFrom = new Map<string, number>();
  const stated = new Set<string>();
  for (const message of messages) {
    const intent = message.intent;
    if (intent?.pointId == null) continue;
    if (intent.kind === 'stated') stated.add(intent.pointId);
    if ((intent.kind === 'stated' || intent.kind === 'partial') && !knownFrom.has(intent.pointId)) {
      knownFrom.set(intent.pointId, message.turn);
    }
  }
  const labelled = messages.some((message) => message.intent !== null);
  let falseCredits = 0;
  for (const credit of credits) {
    const known = knownFrom.get(credit.pointId);
    if (labelled && (known === undefined || known > credit.turn)) {
      falseCredits += 1;
      findings.push({
        turn: credit.turn,
        metric: 'falseCredits',
        note: `credited ${credit.pointId}`,
      });
    }
  }
  let missedCredits = 0;
  for (const pointId of stated) {
    if (!creditedIds.has(pointId)) {
      missedCredits += 1;
      const turn =
        messages.find((m) => m.intent?.kind === 'stated' && m.intent.pointId === pointId)?.turn ??
        0;
      findings.push({ turn, metric: 'missedCredits', note: `${pointId} stated, never credited` });
    }
  }

  const stuckTurn = firstStuckTurn(transcript);
  if (stuckTurn !== null) {
    findings.push({
      turn: stuckTurn,
      metric: 'stuck',
      note: `${STUCK_TURNS} turns without progress`,
    });
  }

  const ratings = { again: 0, hard: 0, good: 0, easy: 0 };
  const names = ['again', 'hard', 'good', 'easy'] as const;
  for (const rating of transcript.ratings) {
    const name = names[rating - 1];
    if (name !== undefined) ratings[name] += 1;
  }

  return {
    completed,
    turnsToCompletion: completed ? Math.max(...credits.map((credit) => credit.turn)) : null,
    learnerTurns,
    stuck: stuckTurn !== null,
    reAsks,
    questions,
    maxQuestionsPerReply,
    tutorLeakMax: tutorLeak.max,
    tutorLeakMean: tutorLeak.mean,
    rabbitholeLeakMax: rabbitholeLeak.max,
    rabbitholeLeakMean: rabbitholeLeak.mean,
    falseCredits,
    missedCredits,
    credits: credits.length,
    statedPoints: stated.size,
    allPointsAskedByTurn: allAskedBy(transcript),
    longestAskRun: longestAskRun(transcript),
    ratings,
    requests: transcript.llmCalls.length,
    firstTokenMs: transcript.llmCalls.flatMap((call) =>
      call.firstTokenMs === null ? [] : [call.firstTokenMs],
    ),
    tokens: transcript.tokens,
    costUsd: transcript.costUsd,
    estimatedCostUsd: transcript.estimatedCostUsd,
    findings: findings.sort((a, b) => a.turn - b.turn),
  };
}

/**
 * The learner turn ending the first window of {@link STUCK_TURNS} turns in which no point was
 * credited and no tutor reply asked a point that no reply of the {@link STUCK_TURNS} turns
 * before it had asked; null when there is none.
 */
export function firstStuckTurn(transcript: Transcript): number | null {
  const asksByTurn = new Map<number, string[]>();
  for (const reply of transcript.replies) {
    if (reply.agent !== 'tutor' || reply.askedPointId === null) continue;
    asksByTurn.set(reply.turn, [...(asksByTurn.get(reply.turn) ?? []), reply.askedPointId]);
  }
  const credited = new Set(transcript.credits.map((credit) => credit.turn));
  const progress = (turn: number): boolean => {
    if (credited.has(turn)) return true;
    const earlier = new Set<string>();
    for (let back = turn - STUCK_TURNS; back < turn; back += 1) {
      for (const id of asksByTurn.get(back) ?? []) earlier.add(id);
    }
    return (asksByTurn.get(turn) ?? []).some((id) => !earlier.has(id));
  };
  let run = 0;
  for (let turn = 1; turn <= transcript.messages.length; turn += 1) {
    run = progress(turn) ? 0 : run + 1;
    if (run >= STUCK_TURNS) return turn;
  }
  return null;
}

function allAskedBy(transcript: Transcript): number | null {
  const asked = new Set<string>();
  for (const reply of transcript.replies) {
    if (reply.askedPointId !== null) asked.add(reply.askedPointId);
    if (transcript.points.every((point) => asked.has(point.id))) return reply.turn;
  }
  return null;
}

function longestAskRun(transcript: Transcript): number {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const reply of transcript.replies) {
    if (reply.agent !== 'tutor' || reply.askedPointId === null) continue;
    run = reply.askedPointId === previous ? run + 1 : 1;
    previous = reply.askedPointId;
    longest = Math.max(longest, run);
  }
  return longest;
}
