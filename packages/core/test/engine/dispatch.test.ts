import {
  RecallError,
  type SessionCommand,
  type SessionCommandType,
  type SessionEvent,
} from '@recall/core';
import { SESSION_COMMAND_TYPES } from '@recall/core/schemas';
import { describe, expect, test } from 'vitest';
import { ofType } from './harness';
import { createRabbitholeHarness } from './rabbithole-harness';

async function startDispatching() {
  const harness = await createRabbitholeHarness({ config: { detectionWarmupExchanges: 0 } });
  const { sessionId } = await harness.start();
  const dispatched = new Set<SessionCommandType>();
  const dispatch = async (command: SessionCommand) => {
    dispatched.add(command.type);
    const result = await harness.engine.dispatch(sessionId, command);
    await harness.engine.whenIdle(sessionId);
    return result;
  };
  const last = async <T extends SessionEvent['type']>(type: T) =>
    ofType(await harness.events(sessionId), type).at(-1);
  return { harness, sessionId, dispatch, dispatched, last };
}

describe('engine.dispatch: every command through the one handler map', () => {
  test('each command type runs its handler and stores what the named method stores', async () => {
    const { sessionId, dispatch, dispatched, last, harness } = await startDispatching();

    const said = await dispatch({
      type: 'user_message',
      content: 'tangent: tides',
      clientMessageId: 'say-1',
    });
    expect(said).toMatchObject({ status: 'accepted', sessionId });
    expect(await last('user_message')).toMatchObject({
      data: { content: 'tangent: tides' },
      commandId: 'say-1',
    });
    const firstPrompt = (await last('rabbithole_detected'))!;
    expect(firstPrompt.data.topic).toBe('tides');
    await dispatch({
      type: 'enter_rabbithole',
      rabbitholeEventId: firstPrompt.data.rabbitholeEventId,
      topic: firstPrompt.data.topic,
      clientMessageId: 'enter-1',
    });
    expect(await last('rabbithole_entered')).toMatchObject({
      data: { topic: 'tides' },
      commandId: 'enter-1',
    });

    await dispatch({ type: 'exit_rabbithole', clientMessageId: 'exit-1' });
    expect(await last('rabbithole_exited')).toMatchObject({ commandId: 'exit-1' });

    await dispatch({ type: 'user_message', content: 'tangent: moon phases' });
    const secondPrompt = (await last('rabbithole_detected'))!;
    expect(secondPrompt.data.topic).toBe('moon phases');
    await dispatch({ type: 'decline_rabbithole', clientMessageId: 'decline-1' });
    expect(await last('rabbithole_declined')).toMatchObject({
      data: { rabbitholeEventId: secondPrompt.data.rabbitholeEventId },
      commandId: 'decline-1',
    });

    const before = await harness.events(sessionId);
    const dismissed = await dispatch({ type: 'dismiss_overlay' });
    expect(dismissed).toEqual({ status: 'accepted', sessionId, lastSeq: before.at(-1)!.seq });
    expect(await harness.events(sessionId)).toHaveLength(before.length);

    const left = await dispatch({ type: 'leave_session', clientMessageId: 'leave-1' });
    const paused = await last('session_paused');
    expect(paused).toMatchObject({ commandId: 'leave-1' });
    expect(left).toEqual({ status: 'accepted', sessionId, lastSeq: paused!.seq });

    // A command added to the catalog fails here until this walk dispatches it.
    expect([...dispatched].sort()).toEqual([...SESSION_COMMAND_TYPES].sort());
  });

  test('a repeated clientMessageId is a duplicate through dispatch as through the named method', async () => {
    const { sessionId, dispatch, harness } = await startDispatching();
    const first = await dispatch({ type: 'user_message', content: 'ATP', clientMessageId: 'm-1' });
    const again = await harness.engine.sendUserMessage(sessionId, 'ATP', {
      clientMessageId: 'm-1',
    });
    expect(again).toEqual({ ...first, status: 'duplicate', lastSeq: first.lastSeq - 1 });
  });
});

describe('engine.dispatch refuses what is not a command with a typed error', () => {
  test.each([
    ['an unknown type', { type: 'shout', content: 'hi' }],
    ['a wire-only type', { type: 'ping' }],
    ['an inherited key', { type: 'toString' }],
    ['no type', { content: 'hi' }],
    ['no command', null],
  ])('%s: UNKNOWN_MESSAGE_TYPE, and the session goes on', async (_name, command) => {
    const { sessionId, dispatch, harness } = await startDispatching();
    const refused = harness.engine.dispatch(sessionId, command as unknown as SessionCommand);
    await expect(refused).rejects.toSatisfy(
      (error) => RecallError.isInstance(error) && error.code === 'UNKNOWN_MESSAGE_TYPE',
    );
    expect(await dispatch({ type: 'user_message', content: 'ATP' })).toMatchObject({
      status: 'accepted',
    });
  });

  test('unstorable text is refused before anything is read, as by the named methods', async () => {
    const { sessionId, harness } = await startDispatching();
    const refused = harness.engine.dispatch(sessionId, {
      type: 'enter_rabbithole',
      rabbitholeEventId: 'r\u0000',
      topic: 'tides',
    });
    await expect(refused).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
  });
});
