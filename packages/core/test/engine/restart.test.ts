import { scriptEvaluation } from '@recall/core/testing';
import type { ScriptedLLMScript } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { comparableState, createHarness } from './harness';

const TUTOR = ['Opening?', 'Second?', 'Third?', 'Fourth?', 'Fifth?'];
const EVALUATIONS = [
  scriptEvaluation({ nearMiss: { p1: 'the enzyme' } }),
  scriptEvaluation({ recalled: ['p2'] }),
  scriptEvaluation({}),
  scriptEvaluation({ recalled: ['p1'] }),
];
const SCRIPT: ScriptedLLMScript = { tutor: TUTOR, evaluator: EVALUATIONS };
const MESSAGES = ['some enzyme', 'glycolysis splits glucose', 'no idea', 'ATP synthase makes ATP'];

describe('kill the engine and continue with a new instance', () => {
  test('a new instance rebuilds the same state and makes the same next request', async () => {
    // Reference: one engine runs the whole conversation.
    const reference = await createHarness({ script: SCRIPT });
    const { sessionId } = await reference.start();
    for (const message of MESSAGES) await reference.say(sessionId, message);

    // Killed after two messages; a fresh instance on the same storage takes over.
    const first = await createHarness({ script: SCRIPT });
    const started = await first.start();
    expect(started.sessionId).toBe(sessionId);
    for (const message of MESSAGES.slice(0, 2)) await first.say(sessionId, message);
    const before = await first.engine.getSessionState(sessionId);
    await first.engine.close();

    const second = await createHarness({
      storage: first.storage,
      idPrefix: 'b',
      script: { tutor: TUTOR.slice(3), evaluator: EVALUATIONS.slice(2) },
    });
    second.clock.now = first.clock.now;
    const rebuilt = await second.engine.getSessionState(sessionId);
    expect(rebuilt).toEqual(before);
    // The second message answered p2, the branch the tutor was offered after the miss on p1:
    // the tutor had moved on, so p1 waits until the others are done.
    expect(rebuilt.focusPointId).toBe('p3');
    expect(rebuilt.tutorNotes).toEqual([
      { pointId: 'p1', kind: 'near_miss', feedback: 'the enzyme' },
    ]);
    expect(rebuilt.turnObservations).toEqual([{ pointId: 'p2', kind: 'recalled' }]);

    for (const message of MESSAGES.slice(2)) await second.say(sessionId, message);
    const continued = await second.engine.getSessionState(sessionId);
    const finished = await reference.engine.getSessionState(sessionId);
    expect(comparableState(continued)).toEqual(comparableState(finished));
    // Same requests as the uninterrupted engine made for those turns.
    const prompts = (requests: ReturnType<typeof reference.llm.requestsOf>) =>
      requests.map(({ system, messages }) => ({ system, messages }));
    expect(prompts(second.llm.requestsOf('tutor'))).toEqual(
      prompts(reference.llm.requestsOf('tutor').slice(3)),
    );
    expect(prompts(second.llm.requestsOf('evaluator'))).toEqual(
      prompts(reference.llm.requestsOf('evaluator').slice(2)),
    );
    const strip = (events: Awaited<ReturnType<typeof reference.events>>) =>
      events.map(({ id, turnId, responseId, data, ...rest }) => ({
        ...rest,
        data: 'responseId' in data ? { ...data, responseId: 'r' } : data,
      }));
    expect(strip(await second.events(sessionId))).toEqual(strip(await reference.events(sessionId)));
  });

  test('a response cut off by a crash is closed as interrupted once it is stale, and its turn finished', async () => {
    const first = await createHarness({
      script: { tutor: ['Opening?', { text: 'never finished', latencyMs: 10_000 }] },
    });
    const { sessionId } = await first.start();
    await first.engine.sendUserMessage(sessionId, 'hello');
    // The first process dies mid-stream (no close): a second instance takes over later.
    const second = await createHarness({ storage: first.storage, idPrefix: 'b' });
    second.clock.now = first.clock.now + 60_000;
    expect((await second.engine.getSessionState(sessionId)).response).not.toBeNull();
    await second.say(sessionId, 'are you there?');
    const state = await second.engine.getSessionState(sessionId);
    expect(state.response).toBeNull();
    expect(state.openResponses).toEqual([]);
    const types = await second.types(sessionId);
    // "hello": the cut-off reply closed, then a new one (the second instance finishes the turn
    // as it takes the session over); then the next message and its reply.
    expect(types.slice(-11)).toEqual([
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    const interrupted = (await second.events(sessionId)).filter(
      (event) => event.type === 'assistant_message' && event.data.interrupted,
    );
    expect(interrupted).toHaveLength(1);
    await first.engine.close();
  });

  test('another node still streaming keeps its turn: the second node waits for it to end', async () => {
    const first = await createHarness({
      script: { tutor: ['Opening?', { text: 'slow reply from node one', latencyMs: 60 }] },
    });
    const { sessionId } = await first.start();
    await first.engine.sendUserMessage(sessionId, 'to node one');
    const second = await createHarness({ storage: first.storage, idPrefix: 'b' });
    await second.say(sessionId, 'to node two');
    await first.engine.whenIdle(sessionId);
    const events = await first.events(sessionId);
    const messages = events.flatMap((event) =>
      event.type === 'assistant_message' ? [event.data] : [],
    );
    expect(messages.map((message) => [message.content, message.interrupted])).toEqual([
      ['Opening?', undefined],
      ['slow reply from node one', undefined],
      ['Scripted tutor reply 1.', undefined],
    ]);
    expect(events.slice(-8).map((event) => event.type)).toEqual([
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    // The second node's tutor saw the first node's whole exchange.
    const [request] = second.llm.requestsOf('tutor');
    expect(request!.messages.map((message) => message.content).join('\n')).toContain(
      'slow reply from node one',
    );
    expect((await second.engine.getSessionState(sessionId)).openResponses).toEqual([]);
  });
});
