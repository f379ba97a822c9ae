import { type RecallEngine, toRecallError } from '@recall/core';
import {
  type ClientSessionState,
  type OutgoingClientMessage,
  type RecallClient,
  type RecallClientSnapshot,
  type ServerMessage,
  applyOutgoingMessage,
  createInitialClientState,
  reduceClientState,
  toServerMessage,
} from '@recall/ws';

/** Options of {@link createEngineClient}. */
export interface EngineClientOptions {
  /** An engine running in this page (e.g. with `createOfflineLLM()` and memory storage). */
  engine: RecallEngine;
  recallSetId: string;
}

/**
 * A `RecallClient` wired straight to an in-page engine instead of a socket: engine events
 * become the same server messages a server would send (`toServerMessage`), folded through
 * the same client reducer, and each command is acknowledged once the engine stored it.
 * For stories and demos that need a live session without a server.
 */
export function createEngineClient({ engine, recallSetId }: EngineClientOptions): RecallClient {
  const listeners = new Set<() => void>();
  let snapshot: RecallClientSnapshot = {
    state: createInitialClientState(),
    connection: 'idle',
    outbox: 0,
  };
  let sessionId: string | null = null;
  let unsubscribe: (() => void) | undefined;
  let closed = false;
  let counter = 0;

  const update = (next: Partial<RecallClientSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of [...listeners]) listener();
  };
  const setState = (state: ClientSessionState) => {
    if (state !== snapshot.state) update({ state });
  };
  const receive = (message: ServerMessage) => setState(reduceClientState(snapshot.state, message));
  const fail = (error: unknown, clientMessageId?: string) => {
    const { code, message } = toRecallError(error);
    receive({ type: 'error', code, message, ...(clientMessageId ? { clientMessageId } : {}) });
  };

  function attach(id: string) {
    sessionId = id;
    unsubscribe = engine.subscribe(id, { afterSeq: snapshot.state.lastSeq }, (item) => {
      switch (item.kind) {
        case 'event': {
          const message = toServerMessage(item.event);
          if (message) receive(message);
          return;
        }
        case 'delta': {
          const { responseId, index, text, snapshot: isSnapshot } = item.delta;
          receive({
            type: 'assistant_chunk',
            responseId,
            index,
            text,
            ...(isSnapshot ? { snapshot: true } : {}),
          });
          return;
        }
        case 'error': {
          const { code, message, retryAfterMs, clientMessageId } = item.error;
          receive({
            type: 'error',
            code,
            message,
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
            ...(clientMessageId === undefined ? {} : { clientMessageId }),
          });
          return;
        }
      }
    });
    update({ connection: 'open' });
  }

  function issue(message: OutgoingClientMessage, run: (id: string) => Promise<unknown>) {
    update({ state: applyOutgoingMessage(snapshot.state, message), outbox: snapshot.outbox + 1 });
    const settle = () => update({ outbox: Math.max(0, snapshot.outbox - 1) });
    if (sessionId === null) {
      settle();
      fail(new Error('The session has not started yet.'), message.clientMessageId);
      return;
    }
    run(sessionId).then(
      () => {
        settle();
        receive({ type: 'ack', clientMessageId: message.clientMessageId });
      },
      (error: unknown) => {
        settle();
        fail(error, message.clientMessageId);
      },
    );
  }

  const nextId = () => `local-${++counter}`;

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    connect() {
      if (closed || snapshot.connection !== 'idle') return;
      update({ connection: 'connecting' });
      engine.startSession(recallSetId).then(
        ({ sessionId: id }) => {
          if (!closed) attach(id);
        },
        (error: unknown) => {
          fail(error);
          update({ connection: 'closed' });
        },
      );
    },
    sendMessage(text) {
      const clientMessageId = nextId();
      issue({ type: 'user_message', content: text, clientMessageId }, (id) =>
        engine.sendUserMessage(id, text, { clientMessageId }),
      );
      return clientMessageId;
    },
    leaveSession() {
      const clientMessageId = nextId();
      issue({ type: 'leave_session', clientMessageId }, (id) =>
        engine.leaveSession(id, { clientMessageId }),
      );
    },
    enterRabbithole() {
      const prompt = snapshot.state.rabbitholePrompt;
      if (prompt === null) return;
      const clientMessageId = nextId();
      const { rabbitholeEventId, topic } = prompt;
      issue({ type: 'enter_rabbithole', rabbitholeEventId, topic, clientMessageId }, (id) =>
        engine.enterRabbithole(id, { rabbitholeEventId, topic, clientMessageId }),
      );
    },
    exitRabbithole() {
      const clientMessageId = nextId();
      issue({ type: 'exit_rabbithole', clientMessageId }, (id) =>
        engine.exitRabbithole(id, { clientMessageId }),
      );
    },
    declineRabbithole() {
      if (snapshot.state.rabbitholePrompt === null) return;
      const clientMessageId = nextId();
      issue({ type: 'decline_rabbithole', clientMessageId }, (id) =>
        engine.declineRabbithole(id, { clientMessageId }),
      );
    },
    dismissOverlay() {
      const clientMessageId = nextId();
      issue({ type: 'dismiss_overlay', clientMessageId }, (id) =>
        engine.dismissOverlay(id, { clientMessageId }),
      );
    },
    retry() {
      // In-page: nothing to reconnect; resend the learner messages that failed.
      for (const message of snapshot.state.messages) {
        if (message.role === 'user' && message.status === 'failed' && message.clientMessageId) {
          const { clientMessageId, content } = message;
          issue({ type: 'user_message', content, clientMessageId }, (id) =>
            engine.sendUserMessage(id, content, { clientMessageId }),
          );
        }
      }
    },
    close() {
      closed = true;
      unsubscribe?.();
      update({ connection: 'closed' });
    },
  };
}
