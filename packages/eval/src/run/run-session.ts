import {
  createMemoryStorage,
  createRecallEngine,
  createSessionView,
  type LLMAdapter,
  type RecallEngine,
  reduceSessionView,
  type SessionEvent,
} from '@recall/core';
import { buildTranscript, type LLMCallRecord, type Transcript } from '../metrics/transcript';
import type {
  LearnerAction,
  LearnerIntent,
  PersonaFactory,
  PersonaName,
} from '../personas/persona-types';
import { createPersona } from '../personas/personas';
import { hashSeed, seededRandom } from '../personas/random';
import type { EvalRecallSet } from '../sets/sets-file';
import { recordingLLM } from './recording-llm';

/** Options for {@link runSession}. */
export interface RunSessionOptions {
  llm: LLMAdapter;
  set: EvalRecallSet;
  /** A built-in persona's name, or a factory of another learner. */
  persona: PersonaName | PersonaFactory;
  /** Which run of this persona on this set (0-based); part of the seed. */
  run: number;
  /** Learner messages before the harness leaves the session. @default 40 */
  maxTurns?: number;
}

/** One evaluated session: its stored log and the transcript the metrics read. */
export interface SessionRun {
  events: SessionEvent[];
  transcript: Transcript;
}

/**
 * Runs one scripted learner through one session of the real engine (`createRecallEngine`
 * with memory storage), as a learner in production would: start, messages, rabbit holes,
 * leave. The persona's random choices come from a seed of (persona, set, run).
 */
export async function runSession(options: RunSessionOptions): Promise<SessionRun> {
  const { set, run } = options;
  const name = typeof options.persona === 'string' ? options.persona : options.persona.name;
  const maxTurns = options.maxTurns ?? 40;
  const { recallSet } = set;
  const calls: LLMCallRecord[] = [];
  const storage = createMemoryStorage();
  await storage.saveRecallSet(recallSet);
  const engine = createRecallEngine({
    storage,
    llm: recordingLLM(options.llm, (call) => calls.push(call)),
  });
  const userId = `eval-${name}-${run + 1}`;
  const persona =
    typeof options.persona === 'string' ? createPersona(options.persona) : options.persona.create();
  const random = seededRandom(hashSeed(`${name}/${recallSet.id}/${run}`));
  const intents: (LearnerIntent | null)[] = [];
  try {
    const { sessionId } = await engine.startSession(recallSet.id, { userId });
    await engine.whenIdle(sessionId);
    const everAsked = new Set<string>();
    // Non-message actions (enter, exit, decline) are bounded too, so no persona loops forever.
    for (let step = 0; step < maxTurns * 3 && intents.length < maxTurns; step += 1) {
      const events = await storage.read(sessionId);
      const view = events.reduce(reduceSessionView, createSessionView());
      const recalled = new Set(view.recalledPointIds);
      const pending = recallSet.points.filter((point) => !recalled.has(point.id));
      if (pending.length === 0) break;
      const last = lastReply(events);
      for (const id of last.everAsked) everAsked.add(id);
      const action = await persona.next({
        recallSet,
        answers: set.answers,
        pending,
        askedPointId: last.askedPointId,
        everAsked,
        lastReply: last.content,
        mode: view.mode === 'rabbithole' ? 'rabbithole' : 'recall',
        rabbitholePending: view.pendingRabbithole !== null,
        turn: intents.length,
        random,
      });
      if (action.kind === 'leave') break;
      await act(engine, sessionId, action, view.pendingRabbithole, intents);
      await engine.whenIdle(sessionId);
    }
    await engine.leaveSession(sessionId);
    await engine.whenIdle(sessionId);
    const events = await storage.read(sessionId);
    const ratings: number[] = [];
    for (const point of recallSet.points) {
      const logs = await storage.getReviewLogs({ userId, pointId: point.id });
      for (const log of logs) if (log.sessionId === sessionId) ratings.push(log.rating);
    }
    return {
      events,
      transcript: buildTranscript({
        setId: recallSet.id,
        persona: name,
        run,
        points: recallSet.points,
        events,
        intents,
        ratings,
        llmCalls: calls,
      }),
    };
  } finally {
    await engine.close();
  }
}

async function act(
  engine: RecallEngine,
  sessionId: string,
  action: Exclude<LearnerAction, { kind: 'leave' }>,
  pendingRabbithole: { rabbitholeEventId: string; topic: string } | null,
  intents: (LearnerIntent | null)[],
): Promise<void> {
  switch (action.kind) {
    case 'say':
      intents.push(action.intent);
      await engine.sendUserMessage(sessionId, action.text);
      return;
    case 'enter_rabbithole':
      if (pendingRabbithole === null) return;
      await engine.enterRabbithole(sessionId, {
        rabbitholeEventId: pendingRabbithole.rabbitholeEventId,
        topic: pendingRabbithole.topic,
      });
      return;
    case 'decline_rabbithole':
      if (pendingRabbithole !== null) await engine.declineRabbithole(sessionId);
      return;
    case 'exit_rabbithole':
      await engine.exitRabbithole(sessionId);
      return;
  }
}

/** The latest agent reply, the point it asked (as stored), and every point asked so far. */
function lastReply(events: readonly SessionEvent[]): {
  content: string;
  askedPointId: string | null;
  everAsked: string[];
} {
  let content = '';
  let askedPointId: string | null = null;
  const everAsked: string[] = [];
  for (const event of events) {
    if (event.type !== 'assistant_message') continue;
    content = event.data.content;
    if (event.data.agent !== 'tutor') continue;
    askedPointId = event.data.askedPointId ?? null;
    if (askedPointId !== null) everAsked.push(askedPointId);
  }
  return { content, askedPointId, everAsked };
}
