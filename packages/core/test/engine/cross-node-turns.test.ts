import { ConcurrencyError, type EngineConfig, type StorageAdapter } from '@recall/core';
import type { ScriptedLLMScript, ScriptedRequest } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';
import { WORD_DRIVEN } from './rabbithole-harness';
import {
  latestTag,
  learnerText,
  missingContext,
  replyText,
  sendWhenAdmitted,
  turnProblems,
} from './turn-log';

/** Names the learner message it answers (the opening question has none). */
function slowTutorReply(request: ScriptedRequest): string {
  const tag = latestTag(request.messages);
  return tag === null ? 'What do you remember about cell energy?' : replyText(tag);
}

/** A slow tutor, next to slower judges. */
const SLOW_TUTOR: ScriptedLLMScript = {
  latencyMs: { tutor: 4, evaluator: 6, detector: 2, rabbithole: 30 },
  chunkDelayMs: 4,
  tutor: slowTutorReply,
};

interface TwoNodesOptions {
  script?: ScriptedLLMScript;
  config?: Partial<EngineConfig>;
  /** Node B's view of the shared storage. */
  secondStorage?: (shared: StorageAdapter) => StorageAdapter;
}

/** Node A (owning a fresh in-memory storage) and node B, a second engine on that storage. */
async function twoNodes(options: TwoNodesOptions = {}) {
  const common = {
    script: options.script ?? SLOW_TUTOR,
    ...(options.config === undefined ? {} : { config: options.config }),
  };
  const a = await createHarness({ ...common, idPrefix: 'a' });
  const storage = options.secondStorage?.(a.storage) ?? a.storage;
  const b = await createHarness({ ...common, idPrefix: 'b', storage });
  const { sessionId } = await a.start();
  const tutorRequests = () => [...a.llm.requestsOf('tutor'), ...b.llm.requestsOf('tutor')];
  return { a, b, sessionId, tutorRequests };
}

function sleep(milliseconds: number) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

describe('one turn at a time across engine instances (C5)', () => {
  test('interleaved messages to two nodes: contiguous turns, one reply each, full context', async () => {
    const { a, b, sessionId, tutorRequests } = await twoNodes();
    // Each node sends its messages in order, each once the previous is acknowledged (as a
    // client's outbox does), resending one refused while the session has a turn running and
    // one queued, wherever they run.
    const sendAll = async (node: typeof a, name: string) => {
      const results = [];
      for (let index = 0; index < 4; index += 1) {
        results.push(
          await sendWhenAdmitted(node.engine, sessionId, learnerText(`${name}${index}`)),
        );
      }
      return results;
    };
    const results = (await Promise.all([sendAll(a, 'A'), sendAll(b, 'B')])).flat();
    expect(results.map((result) => result.status)).toEqual(Array(8).fill('accepted'));
    await Promise.all([a.engine.whenIdle(sessionId), b.engine.whenIdle(sessionId)]);

    const events = await a.events(sessionId);
    expect(turnProblems(events)).toEqual([]);
    const messages = ofType(events, 'user_message');
    expect(messages).toHaveLength(8);
    for (const message of messages) {
      const tag = /\[msg-([^\]]+)\]/.exec(message.data.content)![1]!;
      const replies = ofType(events, 'assistant_message').filter(
        (event) => event.turnId === message.turnId,
      );
      expect(replies.map((reply) => reply.data.content)).toEqual([replyText(tag)]);
    }
    for (const node of ['A', 'B']) {
      const own = messages
        .map((event) => event.data.content)
        .filter((text) => text.startsWith(`[msg-${node}`));
      expect(own).toEqual([0, 1, 2, 3].map((index) => learnerText(`${node}${index}`)));
    }
    expect(missingContext(events, tutorRequests())).toEqual([]);
    expect(await a.engine.getSessionState(sessionId)).toEqual(
      await b.engine.getSessionState(sessionId),
    );
  });

  test('two nodes racing for the same head: one wins, the loser waits for its whole turn', async () => {
    let conflicts = 0;
    const { a, b, sessionId, tutorRequests } = await twoNodes({
      // The shared storage counts the appends that lose. Patched in place, not wrapped: the
      // nodes see each other's live turns only through the same storage object.
      secondStorage: (shared) => {
        const append = shared.append.bind(shared);
        shared.append = async (id, events, options) => {
          try {
            return await append(id, events, options);
          } catch (error) {
            if (error instanceof ConcurrencyError) conflicts += 1;
            throw error;
          }
        };
        return shared;
      },
    });
    await b.engine.getSessionState(sessionId);
    // Both nodes have caught up to the same head and append in the same tick.
    const [won, lost] = await Promise.all([
      a.engine.sendUserMessage(sessionId, learnerText('A0')),
      b.engine.sendUserMessage(sessionId, learnerText('B0')),
    ]);
    await Promise.all([a.engine.whenIdle(sessionId), b.engine.whenIdle(sessionId)]);
    expect(conflicts).toBe(1);
    const events = await a.events(sessionId);
    expect(turnProblems(events)).toEqual([]);
    const winnerEnd = ofType(events, 'assistant_message').find(
      (event) => event.data.content === replyText('A0'),
    )!;
    expect(won.lastSeq).toBeLessThan(winnerEnd.seq);
    // The loser was acknowledged only after the winner's turn had ended.
    expect(lost.lastSeq).toBeGreaterThan(winnerEnd.seq);
    expect(missingContext(events, tutorRequests())).toEqual([]);
  });

  test('leaving on another node waits for the open turn', async () => {
    const { a, b, sessionId } = await twoNodes();
    await a.engine.sendUserMessage(sessionId, learnerText('A0'));
    const left = await b.engine.leaveSession(sessionId);
    await a.engine.whenIdle(sessionId);
    const events = await a.events(sessionId);
    expect(turnProblems(events)).toEqual([]);
    expect(events.slice(-3).map((event) => event.type)).toEqual([
      'assistant_streaming_end',
      'assistant_message',
      'session_paused',
    ]);
    expect(left.lastSeq).toBe(events.at(-1)!.seq);
  });

  test('exiting a rabbit hole on another node waits for the rabbit-hole opening to end', async () => {
    const { a, b, sessionId } = await twoNodes({
      script: { ...SLOW_TUTOR, ...WORD_DRIVEN },
      config: { detectionWarmupExchanges: 0 },
    });
    await a.say(sessionId, `${learnerText('A0')} tangent: mitochondrial DNA`);
    const pending = (await a.engine.getSessionState(sessionId)).pendingRabbithole!;
    expect(pending.topic).toBe('mitochondrial DNA');
    await a.engine.enterRabbithole(sessionId, {
      rabbitholeEventId: pending.rabbitholeEventId,
      topic: pending.topic,
    });
    await b.engine.exitRabbithole(sessionId);
    await a.engine.whenIdle(sessionId);
    await b.engine.whenIdle(sessionId);
    const events = await a.events(sessionId);
    expect(turnProblems(events)).toEqual([]);
    // The exit waited for the opening to end; then the tutor's return reply, streamed by b.
    expect(events.slice(-8).map((event) => event.type)).toEqual([
      'rabbithole_entered',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
      'rabbithole_exited',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(
      ofType(events, 'assistant_message')
        .map((event) => event.data.agent)
        .slice(-2),
    ).toEqual(['rabbithole', 'tutor']);
  });

  test('a message waiting for a turn that offers a rabbit hole declines it, undetected', async () => {
    const { a, b, sessionId } = await twoNodes({
      script: { ...SLOW_TUTOR, ...WORD_DRIVEN },
      config: { detectionWarmupExchanges: 0 },
    });
    await a.engine.sendUserMessage(sessionId, `${learnerText('A0')} tangent: mitochondrial DNA`);
    await b.engine.sendUserMessage(sessionId, learnerText('B0'));
    await Promise.all([a.engine.whenIdle(sessionId), b.engine.whenIdle(sessionId)]);
    const events = await a.events(sessionId);
    expect(turnProblems(events)).toEqual([]);
    expect(events.slice(-7).map((event) => event.type)).toEqual([
      'assistant_message',
      'rabbithole_detected',
      'user_message',
      'rabbithole_declined',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    // The message followed a pending prompt, so no detector ran for it.
    expect(b.llm.requestsOf('detector')).toEqual([]);
  });

  test('a turn whose writer died is taken over after orphanedResponseMs', async () => {
    const { a, b, sessionId } = await twoNodes({
      script: {
        tutor: (request) =>
          latestTag(request.messages) === 'A0'
            ? { text: 'never finished', latencyMs: 10_000 }
            : slowTutorReply(request),
      },
      config: { orphanedResponseMs: 30_000 },
    });
    await a.engine.sendUserMessage(sessionId, learnerText('A0'));
    let settled = false;
    const waiting = b.engine.sendUserMessage(sessionId, learnerText('B0')).finally(() => {
      settled = true;
    });
    await sleep(40);
    expect(settled).toBe(false);
    // Node A stops (as if killed); node B's clock reaches the orphan deadline.
    b.clock.now = a.clock.now + 30_000;
    await waiting;
    await b.engine.whenIdle(sessionId);
    const events = await a.events(sessionId);
    expect(events.slice(-6).map((event) => event.type)).toEqual([
      'assistant_streaming_end',
      'assistant_message',
      'user_message',
      'assistant_streaming_start',
      'assistant_streaming_end',
      'assistant_message',
    ]);
    expect(
      ofType(events, 'assistant_message')
        .slice(-2)
        .map((event) => event.data),
    ).toEqual([
      expect.objectContaining({ content: '', interrupted: true }),
      expect.objectContaining({ content: replyText('B0') }),
    ]);
    await a.engine.close();
  });

  test('closing an engine rejects a command still waiting for another node', async () => {
    const { a, b, sessionId } = await twoNodes({
      script: { tutor: ['Opening?', { text: 'slow', latencyMs: 5_000 }] },
    });
    await a.engine.sendUserMessage(sessionId, learnerText('A0'));
    const waiting = b.engine.sendUserMessage(sessionId, learnerText('B0'));
    await sleep(20);
    await b.engine.close();
    await expect(waiting).rejects.toMatchObject({ code: 'ABORTED' });
    await a.engine.close();
    const messages = ofType(await a.events(sessionId), 'user_message');
    expect(messages.map((event) => event.data.content)).toEqual([learnerText('A0')]);
  });

  test('a response this node could not end is closed by its next command without waiting', async () => {
    const seed = await createHarness({ idPrefix: 's' });
    let failEnding = false;
    const flaky: StorageAdapter = {
      ...seed.storage,
      async append(id, events, options) {
        if (failEnding && events.some((event) => event.type === 'assistant_streaming_end')) {
          failEnding = false;
          throw new Error('storage unavailable');
        }
        return seed.storage.append(id, events, options);
      },
    };
    const h = await createHarness({ storage: flaky, idPrefix: 'a', script: SLOW_TUTOR });
    const { sessionId } = await h.start();
    failEnding = true;
    await h.say(sessionId, learnerText('A0'));
    expect((await h.engine.getSessionState(sessionId)).openResponses).toHaveLength(1);
    const started = performance.now();
    await h.say(sessionId, learnerText('A1'));
    expect(performance.now() - started).toBeLessThan(900);
    const events = await h.events(sessionId);
    expect(turnProblems(events)).toEqual([]);
    expect(ofType(events, 'assistant_message').map((event) => event.data.interrupted)).toEqual([
      undefined,
      true,
      undefined,
    ]);
    // The learner saw that reply stream: it is closed with its text, which counts as shown
    // (the tutor's next request carries it).
    const shown = ofType(events, 'assistant_message')[1]!.data.content;
    expect(shown).toContain('[reply-A0]');
    const lastRequest = h.llm.requestsOf('tutor').at(-1)!;
    expect(lastRequest.messages.some((message) => message.content.includes(shown))).toBe(true);
  });
});
