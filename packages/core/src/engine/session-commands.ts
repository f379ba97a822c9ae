import { RecallError, toRecallError } from '../errors/recall-error';
import type { NewSessionEvent } from '../events/envelope';
import type { EventContext } from './turn';
import type { RecallSet } from '../model/recall-set';
import { buildRabbitholeRequest } from '../prompts/rabbithole-prompt';
import { isChecklistComplete, recalledCount } from '../session/checklist';
import { previewSession } from '../session/reduce-session';
import type { EngineSessionState } from '../session/session-state';
import { summarizeSession } from '../session/summarize-session';
import { assertSessionActive } from '../session/turn-rules';
import type { CommandOptions, CommandResult, EnterRabbitholeOptions } from './engine-types';
import { buildOverlayEvent } from './recall-events';
import { completeResponse, streamResponse } from './model-calls';
import { owesReturn, streamTutorTask } from './tutor-openings';
import { type EngineRuntime, loadRecallSet } from './runtime';
import type { CommandTask, SessionActor } from './session-actor';
import { appendWithWrites } from './session-log';
import { type AppendOutcome, createTurn } from './turn';

/**
 * Queues a command that is not a learner message. A `clientMessageId` the log already holds
 * as a `commandId` — whichever engine instance appended it — resolves as `duplicate` without
 * running again; so does one this instance accepted without appending anything.
 */
export function runCommand(
  actor: SessionActor,
  options: CommandOptions,
  task: CommandTask,
): Promise<CommandResult> {
  return actor.enqueue(async (accept) => {
    const id = options.clientMessageId;
    const processedAt = id === undefined ? undefined : actor.commandSeqs.get(id);
    if (processedAt !== undefined) {
      accept({ status: 'duplicate', sessionId: actor.sessionId, lastSeq: processedAt });
      return;
    }
    const previous = id === undefined ? undefined : actor.rememberedResult(id);
    if (previous !== undefined) {
      accept({ ...previous, status: 'duplicate' });
      return;
    }
    await task((result) => {
      if (id !== undefined && result.status === 'accepted' && !actor.commandSeqs.has(id)) {
        actor.rememberResult(id, result);
      }
      accept(result);
    });
  });
}

/** The command's result for an append outcome (`duplicate` when the log already had it). */
function resultOf(actor: SessionActor, outcome: AppendOutcome): CommandResult {
  return {
    status: outcome.status === 'duplicate' ? 'duplicate' : 'accepted',
    sessionId: actor.sessionId,
    lastSeq: outcome.lastSeq,
  };
}

/** Leaves the session: exits an open rabbit hole first, then completes or pauses. */
export function leaveSession(
  runtime: EngineRuntime,
  actor: SessionActor,
  options: CommandOptions,
): Promise<CommandResult> {
  return runCommand(actor, options, async (accept) => {
    assertSessionActive(actor.state);
    const recallSet = await loadRecallSet(runtime, actor.state.recallSetId);
    const turn = createTurn(runtime, actor, { commandId: options.clientMessageId });
    try {
      const result = await appendWithWrites(
        turn,
        (context, state) => {
          assertSessionActive(state);
          const now = runtime.clock();
          const events: NewSessionEvent[] =
            state.mode === 'rabbithole' ? buildExitEvents(context, state, now) : [];
          const current = previewSession(state, events);
          events.push(
            isChecklistComplete(current)
              ? context.build('session_completed', {
                  sessionId: state.sessionId,
                  summary: summarizeSession(current, { now, prices: runtime.config.prices }),
                })
              : context.build('session_paused', {
                  sessionId: state.sessionId,
                  recalledCount: recalledCount(current),
                  totalPoints: current.targetPointIds.length,
                }),
          );
          return events;
        },
        // Again ratings of a pause, and the row's new status, with the events.
        { recallSet, session: true },
      );
      accept(resultOf(actor, result));
    } finally {
      turn.finish();
    }
  });
}

/** Acknowledges the completion overlay. Appends nothing: hiding it is the client's job. */
export function dismissOverlay(
  _runtime: EngineRuntime,
  actor: SessionActor,
  options: CommandOptions,
): Promise<CommandResult> {
  return runCommand(actor, options, async (accept) => {
    assertSessionActive(actor.state);
    accept({ status: 'accepted', sessionId: actor.sessionId, lastSeq: actor.state.lastSeq });
  });
}

/** Declines the pending rabbit-hole prompt and starts the detection cooldown. */
export function declineRabbithole(
  runtime: EngineRuntime,
  actor: SessionActor,
  options: CommandOptions,
): Promise<CommandResult> {
  return runCommand(actor, options, async (accept) => {
    const turn = createTurn(runtime, actor, { commandId: options.clientMessageId });
    try {
      const result = await turn.append((context, state) => {
        assertSessionActive(state);
        const pending = state.pendingRabbithole;
        if (pending === null) {
          throw new RecallError('RABBITHOLE_NOT_PENDING', 'No rabbit-hole prompt is pending.');
        }
        return [
          context.build('rabbithole_declined', {
            rabbitholeEventId: pending.rabbitholeEventId,
            topic: pending.topic,
          }),
        ];
      });
      accept(resultOf(actor, result));
    } finally {
      turn.finish();
    }
  });
}

/** Opens the pending rabbit hole and streams the rabbit-hole agent's opening message. */
export function enterRabbithole(
  runtime: EngineRuntime,
  actor: SessionActor,
  options: EnterRabbitholeOptions,
): Promise<CommandResult> {
  return runCommand(actor, options, async (accept) => {
    if (!options.rabbitholeEventId || !options.topic) {
      throw new RecallError(
        'INVALID_MESSAGE',
        'enterRabbithole needs rabbitholeEventId and topic.',
      );
    }
    assertSessionActive(actor.state);
    assertCanEnter(actor.state, options);
    const recallSet = await loadRecallSet(runtime, actor.state.recallSetId);
    const turn = createTurn(runtime, actor, { commandId: options.clientMessageId });
    const responseId = runtime.ids();
    try {
      const result = await turn.append((context, state) => {
        assertCanEnter(state, options);
        const pending = state.pendingRabbithole!;
        return [
          context.build('rabbithole_entered', {
            rabbitholeEventId: pending.rabbitholeEventId,
            topic: pending.topic,
            label: pending.label,
          }),
          context.build(
            'assistant_streaming_start',
            { responseId, agent: 'rabbithole' },
            { responseId },
          ),
        ];
      });
      accept(resultOf(actor, result));
      if (result.status !== 'appended') return;
      const request = buildRabbitholeRequest({ recallSet, state: actor.state });
      const response = await streamResponse(turn, { agent: 'rabbithole', responseId, ...request });
      await completeResponse(turn, { responseId, agent: 'rabbithole', response });
    } finally {
      runtime.liveResponses.delete(responseId);
      turn.finish();
    }
  });
}

/**
 * Closes the open rabbit hole; a completion reached inside is shown right after. Otherwise the
 * tutor speaks first: its return reply (task `return`: bring the learner back, re-ask the
 * pending question) starts in the same append and streams like any response.
 */
export function exitRabbithole(
  runtime: EngineRuntime,
  actor: SessionActor,
  options: CommandOptions,
): Promise<CommandResult> {
  return runCommand(actor, options, async (accept) => {
    const turn = createTurn(runtime, actor, { commandId: options.clientMessageId });
    const responseId = runtime.ids();
    // Fetched while the exit is appended; awaited only if the tutor has to speak.
    const recallSetLoad = loadRecallSet(runtime, actor.state.recallSetId);
    recallSetLoad.catch(() => undefined);
    try {
      const result = await turn.append((context, state) => {
        assertSessionActive(state);
        if (state.mode !== 'rabbithole') {
          throw new RecallError('NOT_IN_RABBITHOLE', 'The session is not in a rabbit hole.');
        }
        const events = buildExitEvents(context, state, runtime.clock());
        if (owesReturn(previewSession(state, events))) {
          events.push(
            context.build(
              'assistant_streaming_start',
              { responseId, agent: 'tutor' },
              { responseId },
            ),
          );
        }
        return events;
      });
      accept(resultOf(actor, result));
      if (result.status !== 'appended' || actor.state.response?.responseId !== responseId) return;
      let recallSet: RecallSet;
      try {
        recallSet = await recallSetLoad;
      } catch (error) {
        const response = { text: '', chunks: 0, usage: undefined, error: toRecallError(error) };
        await completeResponse(turn, { responseId, agent: 'tutor', response });
        return;
      }
      await streamTutorTask(turn, { recallSet, responseId, task: 'return' });
    } finally {
      runtime.liveResponses.delete(responseId);
      turn.finish();
    }
  });
}

function assertCanEnter(
  state: EngineSessionState,
  options: { rabbitholeEventId: string; topic: string },
): void {
  if (state.mode === 'rabbithole') {
    throw new RecallError(
      'RABBITHOLE_ALREADY_ACTIVE',
      'A rabbit hole is already open; exit it first.',
    );
  }
  const pending = state.pendingRabbithole;
  if (pending === null || pending.rabbitholeEventId !== options.rabbitholeEventId) {
    throw new RecallError(
      'RABBITHOLE_NOT_PENDING',
      `No pending rabbit hole has id "${options.rabbitholeEventId}".`,
    );
  }
  if (pending.topic !== options.topic) {
    throw new RecallError(
      'RABBITHOLE_NOT_PENDING',
      `The pending rabbit hole's topic is "${pending.topic}", not "${options.topic}".`,
    );
  }
}

/** `rabbithole_exited`, then the deferred overlay when the last point fell inside. */
function buildExitEvents(
  context: EventContext,
  state: EngineSessionState,
  now: number,
): NewSessionEvent[] {
  const record = state.rabbitholes.find(
    (candidate) => candidate.rabbitholeEventId === state.activeRabbitholeId,
  );
  if (record === undefined) return [];
  const completionPending = state.overlay === 'pending';
  const exited = context.build('rabbithole_exited', {
    rabbitholeEventId: record.rabbitholeEventId,
    label: record.label,
    pointsRecalledDuring: record.pointsRecalledDuring,
    completionPending,
  });
  if (!completionPending) return [exited];
  return [exited, buildOverlayEvent(context, previewSession(state, [exited]), now)];
}
