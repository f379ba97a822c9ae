import { SESSION_EVENT_TYPES, type SessionEventType, createEventContext } from '@recall/core';
import { describe, expect, test } from 'vitest';
import { buildSampleEvent, sampleEventData } from '../../test/fixtures/session-events';
import type { ServerMessageType } from './message-types';
import { serverMessageSchema } from './server-messages';
import { toHistoryMessage, toServerMessage } from './to-server-message';

/** Which server message each event becomes live; `null` = none (see the mapping's comment). */
const EXPECTED_LIVE: { [T in SessionEventType]: ServerMessageType | null } = {
  session_started: 'session_started',
  session_paused: 'session_paused',
  session_complete_overlay: 'session_complete_overlay',
  session_completed: 'session_complete',
  recall_point_recalled: 'recall_point_recalled',
  recall_point_near_miss: 'recall_point_near_miss',
  rabbithole_detected: 'rabbithole_detected',
  rabbithole_entered: 'rabbithole_entered',
  rabbithole_exited: 'rabbithole_exited',
  rabbithole_declined: null,
  show_image: 'show_image',
  show_resource: 'show_resource',
  user_message: null,
  assistant_message: null,
  assistant_streaming_start: null,
  assistant_streaming_end: 'assistant_complete',
};

describe('toServerMessage', () => {
  test.each(SESSION_EVENT_TYPES)('maps %s', (type) => {
    const event = buildSampleEvent(type, 6);
    const message = toServerMessage(event);
    expect(message?.type ?? null).toBe(EXPECTED_LIVE[type]);
    if (message === null) return;
    expect(message.seq).toBe(7);
    // The message is valid on the wire and carries nothing beyond its schema.
    expect(serverMessageSchema.parse(message)).toEqual(message);
    expect(JSON.parse(JSON.stringify(message))).toEqual(message);
  });

  test('copies the payload fields', () => {
    expect(toServerMessage(buildSampleEvent('session_started'))).toEqual({
      type: 'session_started',
      seq: 1,
      ...sampleEventData.session_started,
      openingMessage: '',
    });
    expect(toServerMessage(buildSampleEvent('session_completed'))).toEqual({
      type: 'session_complete',
      seq: 1,
      summary: sampleEventData.session_completed.summary,
    });
    expect(toServerMessage(buildSampleEvent('assistant_streaming_end'))).toEqual({
      type: 'assistant_complete',
      seq: 1,
      ...sampleEventData.assistant_streaming_end,
    });
    expect(toServerMessage(buildSampleEvent('show_image'))).toEqual({
      type: 'show_image',
      seq: 1,
      ...sampleEventData.show_image,
    });
  });

  test('keeps the trigger message on the server and omits absent optional fields', () => {
    const detected = toServerMessage(buildSampleEvent('rabbithole_detected'));
    expect(detected).not.toHaveProperty('triggerMessageContent');
    const context = createEventContext({
      clock: () => 0,
      ids: () => 'e',
    });
    const image = toServerMessage({
      ...context.build('show_image', { resourceId: 'r', url: 'u' }),
      sessionId: 's',
      seq: 1,
    });
    expect(image).toEqual({ type: 'show_image', seq: 1, resourceId: 'r', url: 'u' });
  });
});

describe('toHistoryMessage', () => {
  test('rebuilds learner lines and declines, delegating everything else', () => {
    for (const type of SESSION_EVENT_TYPES) {
      const event = buildSampleEvent(type, 2);
      const message = toHistoryMessage(event);
      if (type === 'user_message') {
        expect(message).toEqual({
          type: 'user_message',
          seq: 3,
          content: 'The powerhouse of the cell.',
          clientMessageId: 'c-1',
        });
      } else if (type === 'rabbithole_declined') {
        expect(message).toEqual({
          type: 'rabbithole_declined',
          seq: 3,
          rabbitholeEventId: 'rh-2',
          topic: 'Endosymbiosis',
        });
      } else {
        expect(message).toEqual(toServerMessage(event));
      }
      if (message !== null) expect(serverMessageSchema.parse(message)).toEqual(message);
    }
  });

  test('a user message without clientMessageId has no such key', () => {
    const context = createEventContext({
      clock: () => 0,
      ids: () => 'e',
    });
    const message = toHistoryMessage({
      ...context.build('user_message', { content: 'hi' }),
      sessionId: 's',
      seq: 1,
    });
    expect(message).toEqual({ type: 'user_message', seq: 1, content: 'hi' });
  });
});
