import type { EngineFeedItem } from '@recall/core';
import { createFixtureLog } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import type { ServerMessage } from '../protocol/server-messages';
import { subscribeSessionFrames } from './session-connection';

/** An engine feed the test drives: `subscribe` replays `history`, then `push` goes live. */
function scriptedFeed(history: EngineFeedItem[]) {
  let listener: ((item: EngineFeedItem) => void) | null = null;
  return {
    engine: {
      subscribe(
        _sessionId: string,
        _options: { afterSeq: number },
        next: (item: EngineFeedItem) => void,
      ) {
        listener = next;
        for (const item of history) next(item);
        return () => {
          listener = null;
        };
      },
    },
    push: (item: EngineFeedItem) => listener?.(item),
  };
}

function log() {
  const fixture = createFixtureLog({ sessionId: 's' });
  fixture.append('user_message', { content: 'one' });
  fixture.append(
    'assistant_streaming_start',
    { responseId: 'r', agent: 'tutor' },
    { responseId: 'r' },
  );
  fixture.append('user_message', { content: 'two' });
  return fixture.events.map((event): EngineFeedItem => ({ kind: 'event', event }));
}

const chunk = (index: number, snapshot?: boolean): EngineFeedItem => ({
  kind: 'delta',
  delta: {
    sessionId: 's',
    responseId: 'r',
    index,
    text: `c${index}`,
    ...(snapshot ? { snapshot } : {}),
  },
});

describe('subscribeSessionFrames', () => {
  test('history, then history_end once, then live frames; a chunk met in history waits', () => {
    const [first, start, third] = log();
    const feed = scriptedFeed([first!, start!, chunk(3, true), third!]);
    const frames: ServerMessage[] = [];
    const stop = subscribeSessionFrames({
      engine: feed.engine,
      sessionId: 's',
      afterSeq: 0,
      headSeq: 3,
      send: (frame) => frames.push(JSON.parse(frame)),
    });
    feed.push(chunk(4));
    expect(
      frames.map((frame) => (frame.type === 'event' ? `event ${frame.event.seq}` : frame.type)),
    ).toEqual(['event 1', 'event 2', 'event 3', 'history_end', 'chunk', 'chunk']);
    expect(frames[3]).toEqual({ type: 'history_end', headSeq: 3 });
    expect(frames.slice(4)).toMatchObject([{ index: 3, snapshot: true }, { index: 4 }]);
    stop();
  });

  test('with nothing to replay, history_end comes at once', () => {
    const feed = scriptedFeed([]);
    const frames: ServerMessage[] = [];
    subscribeSessionFrames({
      engine: feed.engine,
      sessionId: 's',
      afterSeq: 3,
      headSeq: 3,
      send: (frame) => frames.push(JSON.parse(frame)),
    });
    const [, , third] = log();
    feed.push(third!);
    expect(frames.map((frame) => frame.type)).toEqual(['history_end', 'event']);
  });
});
