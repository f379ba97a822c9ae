import { assertNever, type CommandResult } from '@recall/core';
import type { ClientMessage } from '../protocol/client-messages';
import type { RecallServerEngine } from './engine-port';

/** A client message that is a session command (everything but `ping`). */
export type CommandMessage = Exclude<ClientMessage, { type: 'ping' }>;

/**
 * Runs one command on the engine. Resolves once the engine has durably accepted it (the
 * moment to `ack`); rejects with the engine's `RecallError` for a bad command.
 */
export function dispatchCommand(
  engine: RecallServerEngine,
  sessionId: string,
  message: CommandMessage,
): Promise<CommandResult> {
  const idOption =
    message.clientMessageId === undefined ? {} : { clientMessageId: message.clientMessageId };
  switch (message.type) {
    case 'user_message':
      return engine.sendUserMessage(sessionId, message.content, idOption);
    case 'leave_session':
      return engine.leaveSession(sessionId, idOption);
    case 'dismiss_overlay':
      return engine.dismissOverlay(sessionId, idOption);
    case 'enter_rabbithole':
      return engine.enterRabbithole(sessionId, {
        rabbitholeEventId: message.rabbitholeEventId,
        topic: message.topic,
        ...idOption,
      });
    case 'exit_rabbithole':
      return engine.exitRabbithole(sessionId, idOption);
    case 'decline_rabbithole':
      return engine.declineRabbithole(sessionId, idOption);
    default:
      return assertNever(message, 'client command');
  }
}
