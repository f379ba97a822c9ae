import { toRecallError } from '../errors/recall-error';
import type { Agent, TokenUsage } from '../events/catalog';
import type { NewSessionEvent } from '../events/envelope';
import type { EventContext } from './turn';
import { addUsage, type LLMMessage } from '../llm/llm-adapter';
import type { RecallSet } from '../model/recall-set';
import type { Evaluation, PointVerdict } from '../prompts/evaluator-prompt';
import { buildRabbitholeRequest } from '../prompts/rabbithole-prompt';
import { buildTutorNotes, buildTutorRequest } from '../prompts/turn-requests';
import type { EngineSessionState } from '../session/session-state';
import {
  assertSessionActive,
  saysCannotRecall,
  shouldDetectRabbithole,
} from '../session/turn-rules';
import { rabbitholeDeclinedByLearnerMessage } from '../session/view/reduce-session-view';
import { questionOfReply } from './asked-point';
import type { CommandOptions, CommandResult } from './engine-types';
import { isPastedBack, lastAgentReply, withCreditableVerdicts } from './evidence';
import {
  askedOrFocusPointId,
  completeResponse,
  type JudgeOptions,
  type JudgeOutcome,
  runDetector,
  runEvaluator,
  streamResponse,
} from './model-calls';
import { buildRecallEvents, offerRabbithole } from './recall-events';
import { type EngineRuntime, loadRecallSet, reportError } from './runtime';
import type { CommandTask, SessionActor } from './session-actor';
import { appendWithWrites, assertSameMessage } from './session-log';
import { budgetRefusal } from './spend-guard';
import { createTurn, type Turn } from './turn';

/**
 * A learner message: stored with the response's `assistant_streaming_start` in one append
 * (the acknowledgement), then the reply streams while the evaluator (and, in recall mode,
 * the detector) run concurrently, so the reply's first token waits for no judge.
 */
export function sendUserMessage(
  runtime: EngineRuntime,
  actor: SessionActor,
  content: string,
  options: CommandOptions,
): Promise<CommandResult> {
  const task: CommandTask = async (accept) => {
    const { clientMessageId } = options;
    const knownSeq =
      clientMessageId === undefined ? undefined : actor.clientMessageIds.get(clientMessageId);
    if (clientMessageId !== undefined && knownSeq !== undefined) {
      await assertSameMessage(actor, { clientMessageId, content });
      accept({ status: 'duplicate', sessionId: actor.sessionId, lastSeq: knownSeq });
      return;
    }
    assertSessionActive(actor.state);
    const turn = createTurn(runtime, actor, { commandId: clientMessageId });
    const responseId = runtime.ids();
    try {
      // Fetched while the acknowledgement is appended; awaited only after it.
      const recallSetLoad = loadRecallSet(runtime, actor.state.recallSetId);
      recallSetLoad.catch(() => undefined);
      let detect = false;
      let agent: Agent = 'tutor';
      const ack = await turn.append((context, state) => {
        assertSessionActive(state);
        // Judged on the state this message follows (after any other node's turn it waited for).
        detect = shouldDetectRabbithole(state, {
          warmupExchanges: runtime.config.detectionWarmupExchanges,
        });
        agent = state.mode === 'rabbithole' ? 'rabbithole' : 'tutor';
        const events: NewSessionEvent[] = [
          context.build('user_message', {
            content,
            ...(clientMessageId === undefined ? {} : { clientMessageId }),
          }),
        ];
        const declined = rabbitholeDeclinedByLearnerMessage(state);
        if (declined !== null) {
          const { rabbitholeEventId, topic } = declined;
          events.push(context.build('rabbithole_declined', { rabbitholeEventId, topic }));
        }
        events.push(
          context.build('assistant_streaming_start', { responseId, agent }, { responseId }),
        );
        return events;
      });
      if (ack.status === 'duplicate' && clientMessageId !== undefined) {
        // Another writer stored this id meanwhile: acknowledged only if it is this message.
        await assertSameMessage(actor, { clientMessageId, content });
      }
      accept({
        status: ack.status === 'duplicate' ? 'duplicate' : 'accepted',
        sessionId: actor.sessionId,
        lastSeq: ack.lastSeq,
      });
      if (ack.status !== 'appended') return;
      let recallSet: RecallSet;
      try {
        recallSet = await recallSetLoad;
      } catch (error) {
        const response = { text: '', chunks: 0, usage: undefined, error: toRecallError(error) };
        await completeResponse(turn, { responseId, agent, response, clientMessageId });
        return;
      }
      await reply(turn, { recallSet, content, clientMessageId, agent, responseId, detect });
    } finally {
      runtime.liveResponses.delete(responseId);
      turn.finish();
    }
  };
  return actor.enqueue(task, { learnerMessage: { clientMessageId: options.clientMessageId } });
}

/** Options for {@link reply}. */
export interface ReplyOptions {
  recallSet: RecallSet;
  content: string;
  clientMessageId: string | undefined;
  agent: Agent;
  responseId: string;
  detect: boolean;
  /**
   * When the evaluator runs: `alongside` the reply (its first token waits for no judge),
   * `first` (the reply is written once the verdicts are stored, as when a taken-over turn
   * is finished), or `skip` (its events are already stored). @default 'alongside'
   */
  evaluate?: 'alongside' | 'first' | 'skip';
}

/**
 * Answers a learner message whose `assistant_streaming_start` is stored: the judges and the
 * reply run together, and the response's end closes the turn.
 */
export async function reply(turn: Turn, options: ReplyOptions): Promise<void> {
  const { actor } = turn;
  const { recallSet, agent, responseId } = options;
  const state = actor.state;
  // Over a spend budget the message stays stored and its reply is refused, judges included.
  const { spendGuard } = turn.runtime;
  const refusal = await (spendGuard === null ? undefined : budgetRefusal(spendGuard, state.userId));
  if (refusal !== undefined) {
    const response = { text: '', chunks: 0, usage: undefined, error: refusal };
    await completeResponse(turn, {
      responseId,
      agent,
      response,
      clientMessageId: options.clientMessageId,
    });
    return;
  }
  const judgeOptions: JudgeOptions = {
    recallSet,
    state,
    conversation: conversationOf(state, agent),
    latestMessage: options.content,
    ...(options.clientMessageId === undefined ? {} : { clientMessageId: options.clientMessageId }),
  };
  // Recall events are appended the moment the verdicts arrive, mid-stream. A credit the
  // learner's own words do not show (no evidence, a question, an echo of what was shown) is
  // dropped first.
  const shown = state.shown.map((item) => item.text);
  const evaluator: Promise<JudgeOutcome<Evaluation>> =
    options.evaluate === 'skip'
      ? Promise.resolve({ value: null, usage: undefined })
      : runEvaluator(turn, judgeOptions);
  const evaluation = evaluator.then(async (outcome) => {
    if (outcome.value === null) return { usage: outcome.usage, attempted: undefined };
    const contents = new Map(recallSet.points.map((point) => [point.id, point.content]));
    const verdicts = withCreditableVerdicts(outcome.value.points, {
      conversation: judgeOptions.conversation,
      shown,
      pointText: (pointId) => contents.get(pointId),
    });
    await recordVerdicts(turn, recallSet, verdicts, options);
    const attempted = attemptedPointIds(state, verdicts);
    // The tutor's question or cloze pasted back, or "I don't remember", is an attempt on the
    // point asked about (hints narrow, the probe wraps), whatever the judge made of it —
    // unless the message earned a credit: then it was an answer.
    const asked = askedOrFocusPointId(state);
    const triedAsked =
      asked !== null &&
      !attempted.includes(asked) &&
      !verdicts.some((verdict) => verdict.recalled) &&
      (saysCannotRecall(options.content) ||
        isPastedBack(options.content, lastAgentReply(judgeOptions.conversation)));
    if (triedAsked) attempted.push(asked);
    return { usage: outcome.usage, attempted };
  });
  const detection = options.detect
    ? runDetector(turn, judgeOptions)
    : Promise.resolve({ value: null, usage: undefined });
  if (options.evaluate === 'first') await evaluation;
  const replyState = options.evaluate === 'first' ? actor.state : state;
  const tutorOptions = { recallSet, state: replyState, task: 'reply' } as const;
  const request =
    agent === 'tutor'
      ? buildTutorRequest(tutorOptions)
      : buildRabbitholeRequest({ recallSet, state: replyState });
  const response = await streamResponse(turn, { agent, responseId, ...request });
  const question =
    agent === 'tutor'
      ? questionOfReply({ reply: response.text, recallSet, notes: buildTutorNotes(tutorOptions) })
      : undefined;
  const [evaluated, detected] = await Promise.all([evaluation, detection]);
  const tangent = detected.value;
  await completeResponse(turn, {
    responseId,
    agent,
    response,
    judgeUsage: sumUsage(evaluated.usage, detected.usage),
    clientMessageId: options.clientMessageId,
    question,
    ...(agent === 'tutor' && evaluated.attempted !== undefined
      ? { attemptedPointIds: evaluated.attempted }
      : {}),
    ...(tangent === null
      ? {}
      : {
          after: (context: EventContext, after: EngineSessionState) =>
            offerRabbithole(turn.runtime, {
              context,
              state: after,
              detection: tangent,
              trigger: options.content,
            }),
        }),
  });
}

async function recordVerdicts(
  turn: Turn,
  recallSet: RecallSet,
  verdicts: readonly PointVerdict[],
  options: ReplyOptions,
): Promise<void> {
  const { runtime, actor } = turn;
  try {
    // The recall events, their reviews and the session row: one write where storage allows.
    await appendWithWrites(
      turn,
      (context, state) =>
        buildRecallEvents(context, state, {
          verdicts,
          recallSet,
          config: runtime.config,
          now: runtime.clock(),
          learnerMessage: options.content,
        }),
      { recallSet, session: true },
    );
  } catch (error) {
    reportError(runtime, actor.sessionId, toRecallError(error), options.clientMessageId);
  }
}

/** The target points still pending that the verdicts say the message attempted (each once). */
function attemptedPointIds(state: EngineSessionState, verdicts: readonly PointVerdict[]): string[] {
  const attempted = new Set<string>();
  for (const verdict of verdicts) {
    if (verdict.attempted && state.checklist[verdict.pointId] === 'pending') {
      attempted.add(verdict.pointId);
    }
  }
  return [...attempted];
}

function conversationOf(state: EngineSessionState, agent: Agent): readonly LLMMessage[] {
  if (agent === 'tutor') return state.tutorMessages;
  const record = state.rabbitholes.find(
    (candidate) => candidate.rabbitholeEventId === state.activeRabbitholeId,
  );
  return record?.messages ?? [];
}

function sumUsage(...usages: Array<TokenUsage | undefined>): TokenUsage | undefined {
  const present = usages.filter((usage): usage is TokenUsage => usage !== undefined);
  return present.length === 0 ? undefined : present.reduce(addUsage);
}
