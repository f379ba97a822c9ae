// The load generator's learners (load.ts): what the parent asks for, each learner's state, and
// the summaries of how they connected and talked that it prints.
import type { WebSocket } from 'ws';
import { percentiles } from './stats';

/** What the parent asks for (JSON in argv[2]). */
export interface LoadSpec {
  /** Servers to spread learners over (learner i talks to ports[i % length]). */
  ports: number[];
  /**
   * Each learner also watches its session from the next server (`?sessionId=…&afterSeq=0`),
   * so every event crosses between nodes; the watcher's seqs are checked like the learner's.
   */
  observe?: boolean;
  learners: number;
  turns: number;
  /** Learners connecting (until greeted) at once. */
  connectConcurrency: number;
  /**
   * The class start: after `go`, learners connect at this rate (per second) and each talks as
   * soon as it is greeted, so connects overlap turns. Without it every learner connects
   * (`connectConcurrency` at a time) and is greeted before any talks.
   */
  connectRatePerSecond?: number;
  /** Deadline for a learner's greeting to end, from its connect. */
  connectTimeoutMs: number;
  /** Deadline for a reply to end, from its send. */
  turnTimeoutMs: number;
  seqFile: string;
}

export interface Turn {
  sentAt: number;
  /** When the reply's first text arrived: its first chunk, or its end when no chunk came. */
  firstChunkAt: number | undefined;
  chunks: number;
  endedAt: number | undefined;
  refused: string | undefined;
}

export interface Learner {
  index: number;
  socket: WebSocket | undefined;
  observer: { socket: WebSocket; seqs: number[] } | undefined;
  sessionId: string | undefined;
  seqs: number[];
  eventTimes: number[];
  frames: number;
  sessionStartMs: number | undefined;
  turns: Turn[];
  closedEarly: boolean;
  /** Woken by every frame (and by the socket closing). */
  onChange: (() => void) | undefined;
  greeted: boolean;
  /** Why the connection was refused before a greeting: `HTTP <status>` or `close <code>`. */
  refusedWith: string | undefined;
}

/** How connections went: greeted, refused (by reason), timed out, session start times. */
export function connections(learners: readonly Learner[]) {
  const greeted = learners.filter((learner) => learner.greeted);
  const connectRefused: Record<string, number> = {};
  for (const learner of learners) {
    if (learner.greeted || learner.refusedWith === undefined) continue;
    connectRefused[learner.refusedWith] = (connectRefused[learner.refusedWith] ?? 0) + 1;
  }
  return {
    greeted: greeted.length,
    connectRefused,
    connectTimedOut: learners.filter(
      (learner) => !learner.greeted && learner.refusedWith === undefined,
    ).length,
    sessionStartMs: percentiles(greeted.map((learner) => learner.sessionStartMs ?? 0)),
  };
}

export function summarize(spec: LoadSpec, learners: Learner[], framesAtStart: number) {
  const active = learners.filter((learner) => learner.turns.length > 0);
  const turns = active.flatMap((learner) => learner.turns);
  const ended = turns.filter((turn) => turn.endedAt !== undefined);
  // The steady window: every learner has started talking and none has finished.
  const windowStart = Math.max(...active.map((learner) => learner.turns[0]!.sentAt));
  const windowEnd = Math.min(
    ...active.map((learner) => {
      const last = learner.turns.at(-1)!;
      return last.endedAt ?? last.sentAt + spec.turnTimeoutMs;
    }),
  );
  const steady = windowEnd - windowStart >= 1_000;
  const from = steady ? windowStart : Math.min(...turns.map((turn) => turn.sentAt));
  const to = steady ? windowEnd : Math.max(...ended.map((turn) => turn.endedAt!));
  const seconds = Math.max(0.001, (to - from) / 1000);
  const inWindow = (at: number) => at >= from && at <= to;
  const refusals: Record<string, number> = {};
  for (const turn of turns) {
    if (turn.refused !== undefined) refusals[turn.refused] = (refusals[turn.refused] ?? 0) + 1;
  }
  const frames = learners.reduce((sum, learner) => sum + learner.frames, 0) - framesAtStart;
  return {
    learners: active.length,
    turnsSent: turns.length,
    turnsEnded: ended.length,
    timedOut: turns.length - ended.length - Object.values(refusals).reduce((a, b) => a + b, 0),
    refusals,
    windowSeconds: seconds,
    steadyWindow: steady,
    turnsPerSecond: ended.filter((turn) => inWindow(turn.endedAt!)).length / seconds,
    eventsPerSecond:
      learners.reduce((sum, learner) => sum + learner.eventTimes.filter(inWindow).length, 0) /
      seconds,
    framesPerTurn: frames / Math.max(1, turns.length),
    /** Chunks the client saw per reply that ended (all of them: CHUNKS). */
    chunksPerReply: ended.reduce((sum, turn) => sum + turn.chunks, 0) / Math.max(1, ended.length),
    firstChunkMs: percentiles(
      ended.flatMap((turn) =>
        turn.firstChunkAt === undefined ? [] : [turn.firstChunkAt - turn.sentAt],
      ),
    ),
    lastEventMs: percentiles(ended.map((turn) => turn.endedAt! - turn.sentAt)),
    closedEarly: learners.filter((learner) => learner.closedEarly).length,
    cpuMicros: process.cpuUsage(),
  };
}
