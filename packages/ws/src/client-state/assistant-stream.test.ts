import { describe, expect, test } from 'vitest';
import { createLogMessageFactory } from '../../test/fixtures/session-events';
import type { ServerMessage, ServerMessageOf } from '../protocol/server-messages';
import { type ClientSessionState, createInitialClientState } from './client-session-state';
import { applyOutgoingMessage, markConnectionReset } from './outgoing';
import { reduceClientState } from './reduce-client-state';
import { replayServerMessages } from './replay-server-messages';

function chunk(
  index: number,
  text: string,
  options: { responseId?: string; snapshot?: boolean } = {},
) {
  const message: ServerMessageOf<'assistant_chunk'> = {
    type: 'assistant_chunk',
    responseId: options.responseId ?? 'r1',
    index,
    text,
  };
  return options.snapshot ? { ...message, snapshot: true } : message;
}

function startedSession() {
  const log = createLogMessageFactory();
  const state = reduceClientState(
    createInitialClientState(),
    log('session_started', {
      sessionId: 'session-1',
      recallSetId: 'set-1',
      recallSetName: 'Cells',
      totalPoints: 3,
      recalledCount: 0,
      resumed: false,
    }),
  );
  return { log, state };
}

function fold(state: ClientSessionState, messages: ServerMessage[]) {
  return replayServerMessages(messages, state);
}

function last(state: ClientSessionState) {
  return state.messages.at(-1);
}

describe('assistant streaming', () => {
  test('chunks assemble in order into one streaming message, completed by assistant_complete', () => {
    const { log, state } = startedSession();
    const streaming = fold(state, [chunk(0, 'The '), chunk(1, 'mito'), chunk(2, 'chondrion.')]);
    expect(streaming.messages).toEqual([
      {
        id: 'r1',
        role: 'assistant',
        content: 'The mitochondrion.',
        agent: 'tutor',
        status: 'streaming',
        responseId: 'r1',
      },
    ]);
    expect(streaming.stream).toEqual({ responseId: 'r1', nextIndex: 3 });
    const complete = reduceClientState(
      streaming,
      log('assistant_streaming_end', {
        responseId: 'r1',
        fullContent: 'The mitochondrion.',
        totalChunks: 3,
      }),
    );
    expect(last(complete)).toMatchObject({ status: 'complete', content: 'The mitochondrion.' });
    expect(complete.stream).toBeNull();
    expect(complete.messages).toHaveLength(1);
  });

  test('duplicate chunks are ignored (same object)', () => {
    const { state } = startedSession();
    const streaming = fold(state, [chunk(0, 'a'), chunk(1, 'b')]);
    expect(reduceClientState(streaming, chunk(1, 'b'))).toBe(streaming);
    expect(reduceClientState(streaming, chunk(0, 'a'))).toBe(streaming);
  });

  test('a chunk past a gap is ignored, so the text stays a true prefix until completed', () => {
    const { log, state } = startedSession();
    const withGap = fold(state, [chunk(0, 'a'), chunk(2, 'c')]);
    expect(last(withGap)?.content).toBe('a');
    const resumed = fold(withGap, [chunk(1, 'b'), chunk(2, 'c'), chunk(3, 'd')]);
    expect(last(resumed)?.content).toBe('abcd');
    const missed = fold(state, [chunk(0, 'a'), chunk(3, 'd')]);
    const complete = reduceClientState(
      missed,
      log('assistant_streaming_end', { responseId: 'r1', fullContent: 'abcd', totalChunks: 4 }),
    );
    expect(last(complete)).toMatchObject({ content: 'abcd', status: 'complete' });
  });

  test('a snapshot chunk replaces the text; a stale snapshot is ignored', () => {
    const { state } = startedSession();
    const streaming = fold(state, [chunk(0, 'a'), chunk(1, 'b')]);
    const snapped = reduceClientState(streaming, chunk(3, 'abcd', { snapshot: true }));
    expect(last(snapped)?.content).toBe('abcd');
    expect(snapped.stream?.nextIndex).toBe(4);
    expect(reduceClientState(snapped, chunk(2, 'abc', { snapshot: true }))).toBe(snapped);
    expect(last(reduceClientState(snapped, chunk(4, 'e')))?.content).toBe('abcde');
  });

  test('attaching mid-stream: a snapshot starts the message; a plain late chunk shows an empty one', () => {
    const { state } = startedSession();
    const attached = reduceClientState(state, chunk(5, 'Hello wor', { snapshot: true }));
    expect(last(attached)).toMatchObject({ content: 'Hello wor', status: 'streaming' });
    const blind = reduceClientState(state, chunk(5, 'ld'));
    expect(last(blind)).toMatchObject({ content: '', status: 'streaming' });
    expect(
      last(reduceClientState(blind, chunk(6, 'Hello world!', { snapshot: true })))?.content,
    ).toBe('Hello world!');
  });

  test('assistant_complete without any chunk appends the full message', () => {
    const { log, state } = startedSession();
    const complete = reduceClientState(
      state,
      log('assistant_streaming_end', { responseId: 'r9', fullContent: 'Hi.', totalChunks: 1 }),
    );
    expect(complete.messages).toEqual([
      {
        id: 'r9',
        role: 'assistant',
        content: 'Hi.',
        agent: 'tutor',
        status: 'complete',
        responseId: 'r9',
      },
    ]);
  });

  test('late chunks after completion are ignored', () => {
    const { log, state } = startedSession();
    const complete = fold(state, [
      chunk(0, 'a'),
      log('assistant_streaming_end', { responseId: 'r1', fullContent: 'ab', totalChunks: 2 }),
    ]);
    expect(reduceClientState(complete, chunk(1, 'b'))).toBe(complete);
  });

  test('a new response while another is streaming interrupts the old one', () => {
    const { state } = startedSession();
    const after = fold(state, [chunk(0, 'half'), chunk(0, 'new', { responseId: 'r2' })]);
    expect(
      after.messages.map((message) => [message.responseId, message.status, message.content]),
    ).toEqual([
      ['r1', 'interrupted', 'half'],
      ['r2', 'streaming', 'new'],
    ]);
  });

  test('a model error interrupts the streaming response, keeping its text', () => {
    const { state } = startedSession();
    const after = fold(state, [
      chunk(0, 'half'),
      { type: 'error', code: 'LLM_INTERRUPTED', message: 'cut' },
    ]);
    expect(last(after)).toMatchObject({ status: 'interrupted', content: 'half' });
    expect(after.stream).toBeNull();
    const rateLimited = fold(state, [
      chunk(0, 'half'),
      { type: 'error', code: 'RATE_LIMITED', message: 'slow' },
    ]);
    expect(last(rateLimited)?.status).toBe('streaming');
  });

  test('responses inside a rabbit hole are by the rabbit-hole agent', () => {
    const { log, state } = startedSession();
    const inside = fold(state, [
      log('rabbithole_entered', { rabbitholeEventId: 'rh', topic: 't', label: 'l' }),
      chunk(0, 'Deep'),
      log('assistant_streaming_end', { responseId: 'r2', fullContent: 'Replayed', totalChunks: 1 }),
    ]);
    expect(inside.messages.map((message) => message.agent)).toEqual(['rabbithole', 'rabbithole']);
  });

  test('a learner message stored while a response streams: live order equals replay order', () => {
    const { log, state } = startedSession();
    const stored = log('user_message', { content: 'Wait, what?', clientMessageId: 'c-1' });
    const complete = log('assistant_streaming_end', {
      responseId: 'r1',
      fullContent: 'The mitochondrion.',
      totalChunks: 2,
    });
    const streaming = fold(state, [chunk(0, 'The '), stored]);
    // While it streams, the reply stays where its first chunk put it.
    expect(streaming.messages.map((message) => message.role)).toEqual(['assistant', 'user']);
    const live = fold(streaming, [chunk(1, 'mitochondrion.'), complete]);
    const replayed = fold(state, [stored, complete]);
    expect(replayed.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(live.messages).toEqual(replayed.messages);
    expect(live.stream).toBeNull();
  });

  test('a completed response moves above the lines the log placed, not above unconfirmed ones', () => {
    const { log, state } = startedSession();
    // r1 streams; r2 interrupts it and streams; the log then stores a learner line, r1's
    // end, and r2's end; a line typed meanwhile (pending) is not in the log yet.
    const stored = log('user_message', { content: 'Stored.' });
    const typed = { type: 'user_message', content: 'Typed.', clientMessageId: 'c-9' } as const;
    const live = fold(state, [chunk(0, 'one'), chunk(0, 'two', { responseId: 'r2' })]);
    const withLines = applyOutgoingMessage(fold(live, [stored]), typed);
    const r1End = log('assistant_streaming_end', {
      responseId: 'r1',
      fullContent: 'one!',
      totalChunks: 1,
    });
    const r2End = log('assistant_streaming_end', {
      responseId: 'r2',
      fullContent: 'two!',
      totalChunks: 1,
    });
    const order = (current: ClientSessionState) =>
      current.messages.map((message) => message.responseId ?? message.content);
    const afterR1 = reduceClientState(withLines, r1End);
    expect(order(afterR1)).toEqual(['r2', 'Stored.', 'r1', 'Typed.']);
    const afterR2 = reduceClientState(afterR1, r2End);
    expect(order(afterR2)).toEqual(['Stored.', 'r1', 'r2', 'Typed.']);
    expect(afterR2.messages.map((message) => message.status)).toEqual([
      'sent',
      'complete',
      'complete',
      'pending',
    ]);
    const replayed = applyOutgoingMessage(fold(state, [stored, r1End, r2End]), typed);
    expect(afterR2.messages).toEqual(replayed.messages);
  });

  test('markConnectionReset drops only the half-streamed text', () => {
    const { log, state } = startedSession();
    const before = fold(state, [
      log('assistant_streaming_end', { responseId: 'r0', fullContent: 'Opening?', totalChunks: 1 }),
      chunk(0, 'hal'),
      chunk(1, 'f'),
    ]);
    const reset = markConnectionReset(before);
    expect(reset.messages.map((message) => message.responseId)).toEqual(['r0']);
    expect(reset.stream).toBeNull();
    expect(reset.lastSeq).toBe(before.lastSeq);
    expect(markConnectionReset(reset)).toBe(reset);
    const rebuilt = reduceClientState(reset, chunk(2, 'half way', { snapshot: true }));
    expect(last(rebuilt)).toMatchObject({
      responseId: 'r1',
      content: 'half way',
      status: 'streaming',
    });
  });
});
