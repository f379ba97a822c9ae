import { RecallError } from '../errors/recall-error';
import type { NewSessionEvent } from '../events/envelope';
import { pointDueAt } from '../model/learner';
import type { RecallSet } from '../model/recall-set';
import { recalledCount } from '../session/checklist';
import { previewSession } from '../session/reduce-session';
import { owesGreeting, streamGreeting } from './tutor-openings';
import { type EngineRuntime, loadRecallSet } from './runtime';
import { SessionActor } from './session-actor';
import { appendWithWrites, loadSession, saveSessionRow } from './session-log';
import { finishInterruptedTurns } from './interrupted-turn';
import { createTurn } from './turn';
import { isActiveSessionTaken } from '../storage/active-session';
import { learnerKey } from '../storage/learner-key';

/**
 * Resumes the learner's in-progress or paused session of the set or starts a new one on the
 * points due for that learner (all points when none is due). The learner is `userId`, or the
 * anonymous learner when it is left out (which never resumes a user's session). A paused
 * session resumes with `session_started {resumed: true}` and a recap; a new one gets its
 * opening question; an in-progress one only gets a greeting it still owes. The learner's
 * schedules are read once, in one statement, when a session starts or resumes.
 */
export async function startSession(
  runtime: EngineRuntime,
  recallSetId: string,
  options: { userId?: string },
): Promise<{ sessionId: string; resumed: boolean }> {
  // Per learner and set: a class opening one set starts its sessions side by side, while one
  // learner's two tabs still resolve to one session (across nodes: the active-session index).
  const key = `${recallSetId}:${learnerKey(options.userId)}`;
  const previous = runtime.startLocks.get(key) ?? Promise.resolve();
  const run = previous.then(() => startAdopting(runtime, recallSetId, options));
  const settled = run.catch(() => undefined);
  runtime.startLocks.set(key, settled);
  void settled.then(() => {
    if (runtime.startLocks.get(key) === settled) runtime.startLocks.delete(key);
  });
  return run;
}

// Another node may create the learner's session between our look and our write: the shared
// storage refuses the second active session, and we resume the one that won.
async function startAdopting(
  runtime: EngineRuntime,
  recallSetId: string,
  options: { userId?: string },
): Promise<{ sessionId: string; resumed: boolean }> {
  try {
    return await startUnlocked(runtime, recallSetId, options);
  } catch (error) {
    if (!isActiveSessionTaken(error)) throw error;
    return startUnlocked(runtime, recallSetId, options);
  }
}

async function startUnlocked(
  runtime: EngineRuntime,
  recallSetId: string,
  options: { userId?: string },
): Promise<{ sessionId: string; resumed: boolean }> {
  if (runtime.closed) throw new RecallError('ABORTED', 'The engine is closed.');
  const recallSet = await loadRecallSet(runtime, recallSetId);
  if (recallSet.status === 'archived') {
    throw new RecallError('RECALL_SET_ARCHIVED', `Recall set "${recallSet.name}" is archived.`);
  }
  if (recallSet.points.length === 0) {
    throw new RecallError(
      'RECALL_SET_EMPTY',
      `Recall set "${recallSet.name}" has no recall points.`,
    );
  }
  const learner = options.userId === undefined ? {} : { userId: options.userId };
  const active = await runtime.storage.findActiveSession({ recallSetId, ...learner });
  if (active !== null) {
    const actor = await loadSession(runtime, active.id);
    await actor.catchUp();
    // A turn a dead writer left open is finished before anything else.
    finishInterruptedTurns(runtime, actor);
    const { status } = actor.state;
    if (status === 'completed' || status === 'abandoned') {
      // The row lagged behind its log (a failed projection write): repair it, start afresh.
      await saveSessionRow(runtime, actor.state);
    } else {
      // A running session that owes nothing: a reconnect, not a resume — nothing to generate.
      if (status !== 'in_progress' || owesGreeting(actor.state)) {
        if (status === 'paused') {
          // The learner may have studied elsewhere since: rate from their current schedules.
          actor.useSchedules(await runtime.storage.getSchedules({ recallSetId, ...learner }));
        }
        await openSession(runtime, actor, recallSet);
      }
      return { sessionId: active.id, resumed: true };
    }
  }
  const now = runtime.clock();
  const schedules = await runtime.storage.getSchedules({ recallSetId, ...learner });
  const points = [...recallSet.points].sort((a, b) => a.position - b.position);
  const due = points.filter((point) => pointDueAt(point, schedules.get(point.id)) <= now);
  const targets = due.length > 0 ? due : points;
  const sessionId = runtime.ids();
  const actor = new SessionActor(runtime, {
    sessionId,
    recallSetId,
    targetPointIds: targets.map((point) => point.id),
    ...learner,
    schedules,
    // Nothing else can write to its log before its first command: that reads nothing back.
    createdHere: true,
  });
  runtime.sessions.set(sessionId, actor);
  try {
    await openSession(runtime, actor, recallSet);
  } catch (error) {
    if (isActiveSessionTaken(error)) runtime.sessions.delete(sessionId);
    throw error;
  }
  return { sessionId, resumed: false };
}

// Appends session_started when the session is new or paused, then streams the greeting the
// tutor owes (opening or recap). Resolves once session_started is stored.
function openSession(runtime: EngineRuntime, actor: SessionActor, recallSet: RecallSet) {
  return actor.enqueue(async (accept) => {
    const turn = createTurn(runtime, actor);
    const responseId = runtime.ids();
    try {
      // The session row is written with session_started (one write where storage allows).
      const result = await appendWithWrites(
        turn,
        (context, state) => {
          const events: NewSessionEvent[] = [];
          if (state.status === 'created' || state.status === 'paused') {
            events.push(
              context.build('session_started', {
                sessionId: state.sessionId,
                recallSetId: state.recallSetId,
                recallSetName: recallSet.name,
                totalPoints: state.targetPointIds.length,
                recalledCount: recalledCount(state),
                resumed: state.status === 'paused',
                // Recorded so the log alone rebuilds the session (import, lost row).
                targetPointIds: [...state.targetPointIds],
                ...(state.userId === null ? {} : { userId: state.userId }),
              }),
            );
          } else if (state.status !== 'in_progress') {
            throw new RecallError(
              'SESSION_ENDED',
              `Session "${state.sessionId}" is ${state.status}.`,
            );
          }
          const afterStart = previewSession(state, events);
          if (owesGreeting(afterStart)) {
            events.push(
              context.build(
                'assistant_streaming_start',
                { responseId, agent: 'tutor' },
                { responseId },
              ),
            );
          }
          return events;
        },
        { session: true },
      );
      accept({ status: 'accepted', sessionId: actor.sessionId, lastSeq: result.lastSeq });
      if (result.status !== 'appended') return;
      if (actor.state.response?.responseId === responseId) {
        await streamGreeting(turn, { recallSet, responseId });
      }
    } finally {
      runtime.liveResponses.delete(responseId);
      turn.finish();
    }
  });
}
