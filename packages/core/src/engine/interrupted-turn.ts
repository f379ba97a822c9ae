import type { SessionEvent } from '../events/envelope';
import type { OpenResponse } from '../session/session-state';
import { reply } from './learner-turn';
import { owesGreeting, streamGreeting } from './tutor-openings';
import { type EngineRuntime, loadRecallSet } from './runtime';
import type { SessionActor } from './session-actor';
import { blockingResponses, findDeadWriters, orphanedResponses } from './session-floor';
import { createTurn } from './turn';

/**
 * The `commandId` of the turn that finishes an interrupted one, from the cut-off response's
 * id: whichever node takes the session over first appends it, and any other finds it in the
 * log and appends nothing (the turn is finished once).
 */
const FINISH_PREFIX = 'recall:finish:';

/** Sessions whose takeover check is queued or running on this instance. */
const checking = new WeakSet<SessionActor>();

/**
 * Finishes a turn a dead writer left open, once this instance holds the session: the cut-off
 * reply is closed as interrupted, and when it answered the learner's latest message, the turn
 * is finished for that same message — the evaluator first if none of its events are stored,
 * then a new reply — under one `commandId`, so another node that takes over too appends
 * nothing. A reply that itself finished an interrupted turn is only closed when it is cut off
 * in turn: a second crash never loops. Queued like a command (before any later one); does
 * nothing while the open turn may still be live (another node streaming it).
 */
export function finishInterruptedTurns(runtime: EngineRuntime, actor: SessionActor): void {
  if (!actor.hasUnclaimedResponses() || checking.has(actor) || runtime.closed) return;
  checking.add(actor);
  const finish = () =>
    actor.enqueue(async (accept) => {
      accept({ status: 'accepted', sessionId: actor.sessionId, lastSeq: actor.state.lastSeq });
      await finishInterruptedTurn(runtime, actor);
    });
  // Only a turn known to be cut off is queued: a check queued behind every command would
  // count as pending work and refuse learner messages as busy.
  const queued =
    crashedTurns(actor).length > 0
      ? finish()
      : askWriters(actor).then((found) => (found ? finish() : undefined));
  queued.then(
    () => checking.delete(actor),
    () => checking.delete(actor),
  );
}

/** Open responses whose writer died: not the ones this instance could not end itself. */
function crashedTurns(actor: SessionActor): OpenResponse[] {
  return orphanedResponses(actor).filter((open) => !actor.shownText.has(open.responseId));
}

/** Asks the storage whether the writers of the open responses live (PostgreSQL can tell). */
async function askWriters(actor: SessionActor): Promise<boolean> {
  const blocking = blockingResponses(actor);
  if (blocking.length === 0 || actor.runtime.storage.isResponseLive === undefined) return false;
  return findDeadWriters(actor, blocking);
}

async function finishInterruptedTurn(runtime: EngineRuntime, actor: SessionActor): Promise<void> {
  await askWriters(actor);
  const orphan = crashedTurns(actor).at(-1);
  if (orphan === undefined) return;
  const interrupted = await readInterruptedTurn(runtime, actor, orphan);
  const turn = createTurn(runtime, actor, { commandId: `${FINISH_PREFIX}${orphan.responseId}` });
  const responseId = runtime.ids();
  try {
    const { learnerMessage } = interrupted;
    const answer =
      learnerMessage !== undefined &&
      !interrupted.finishing &&
      actor.state.status === 'in_progress';
    // A cut-off opening question or recap is owed again, as a reconnecting learner's would be.
    const greet = learnerMessage === undefined && !interrupted.finishing;
    const outcome = await turn.append(
      (context, state) => {
        // The cut-off reply's closure comes first in this batch (the turn adds it).
        const stillHis =
          answer &&
          state.status === 'in_progress' &&
          state.mode === (orphan.agent === 'tutor' ? 'recall' : 'rabbithole') &&
          state.openResponses.length === 0;
        const agent = stillHis ? orphan.agent : greet && owesGreeting(state) ? 'tutor' : null;
        return agent === null
          ? []
          : [context.build('assistant_streaming_start', { responseId, agent }, { responseId })];
      },
      { closeOrphans: true },
    );
    if (outcome.status !== 'appended' || actor.state.response?.responseId !== responseId) return;
    const recallSet = await loadRecallSet(runtime, actor.state.recallSetId);
    if (learnerMessage === undefined) {
      await streamGreeting(turn, { recallSet, responseId });
      return;
    }
    await reply(turn, {
      recallSet,
      content: learnerMessage.data.content,
      clientMessageId: learnerMessage.data.clientMessageId,
      agent: orphan.agent,
      responseId,
      // The detector is not run again: a tangent offer is optional, the reply is not.
      detect: false,
      // The judges first when their verdicts were never stored, then the new reply.
      evaluate: interrupted.judged ? 'skip' : 'first',
    });
  } finally {
    runtime.liveResponses.delete(responseId);
    turn.finish();
  }
}

interface InterruptedTurn {
  /** The learner message the cut-off response answered, when it is the session's latest. */
  learnerMessage: Extract<SessionEvent, { type: 'user_message' }> | undefined;
  /** Whether events of the evaluator's verdicts were stored in that turn. */
  judged: boolean;
  /** Whether the cut-off response was itself finishing an interrupted turn. */
  finishing: boolean;
}

// How far before a response's start its learner message can be: in the same batch, after
// the closures of earlier cut-off replies and a declined offer.
const BATCH_LOOKBACK = 8;

async function readInterruptedTurn(
  runtime: EngineRuntime,
  actor: SessionActor,
  orphan: OpenResponse,
): Promise<InterruptedTurn> {
  const events = await runtime.storage.read(actor.sessionId, {
    afterSeq: Math.max(0, orphan.startSeq - 1 - BATCH_LOOKBACK),
  });
  const start = events.find((event) => event.seq === orphan.startSeq);
  const none = { learnerMessage: undefined, judged: false, finishing: false };
  if (start === undefined) return none;
  const finishing = start.commandId?.startsWith(FINISH_PREFIX) === true;
  const sameTurn = (event: SessionEvent) =>
    event.turnId !== undefined && event.turnId === start.turnId;
  const learnerMessage = events.find(
    (event): event is Extract<SessionEvent, { type: 'user_message' }> =>
      event.type === 'user_message' && event.seq < start.seq && sameTurn(event),
  );
  const later = events.filter((event) => event.seq > start.seq);
  // A later learner message means the session moved on: the old message is not re-answered.
  if (learnerMessage === undefined || later.some((event) => event.type === 'user_message')) {
    return { ...none, finishing };
  }
  return { learnerMessage, judged: later.some(sameTurn), finishing };
}
