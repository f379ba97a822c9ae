import {
  type ClientSessionState,
  type ConnectionState,
  type OutgoingClientMessage,
  type RecallClient,
  type RecallClientSnapshot,
  type ServerMessage,
  applyOutgoingMessage,
  createInitialClientState,
  replayServerMessages,
} from '@recall/ws';

/** Options of {@link createFixtureClient}. */
export interface FixtureClientOptions {
  /** Server messages folded in before first use, e.g. a recorded session prefix. */
  messages?: Iterable<ServerMessage>;
  /** @default 'open' */
  connection?: ConnectionState;
  /** @default 0 */
  outbox?: number;
  /** Makes the `clientMessageId` of each command. @default `client-1`, `client-2`, … */
  createClientMessageId?: () => string;
  /** Called with each command as it is sent (after it is recorded in `sent`). */
  onSend?: (message: OutgoingClientMessage) => void;
  /** Called on each `connect`, `retry` and `close`. */
  onCall?: (call: FixtureClientCall) => void;
}

/** A method of the client contract that sends nothing on the wire. */
export type FixtureClientCall = 'connect' | 'retry' | 'close';

/**
 * A `RecallClient` without a socket: its state is recorded server messages folded through
 * the real `reduceClientState`, and every command is recorded (and applied optimistically
 * with the real `applyOutgoingMessage`), so tests and stories can assert exactly what an
 * action sends.
 */
export interface FixtureClient extends RecallClient {
  /** The wire messages the actions sent, in order. */
  readonly sent: readonly OutgoingClientMessage[];
  /** Calls of `connect`, `retry` and `close`, in order. */
  readonly calls: readonly FixtureClientCall[];
  /** Delivers server messages, as the socket would. */
  receive(...messages: ServerMessage[]): void;
  /** Moves the connection to `connection`. */
  setConnection(connection: ConnectionState): void;
  /** The number of current subscribers. */
  listenerCount(): number;
}

/**
 * Creates a {@link FixtureClient}.
 *
 * @example
 * const client = createFixtureClient({ messages: RECORDED_SESSION.slice(0, 4) });
 * render(<RecallProvider client={client}><Composer.Root>…</Composer.Root></RecallProvider>);
 * expect(client.sent).toEqual([{ type: 'user_message', content: 'Hi', clientMessageId: 'client-1' }]);
 */
export function createFixtureClient(options: FixtureClientOptions = {}): FixtureClient {
  let counter = 0;
  const createId = options.createClientMessageId ?? (() => `client-${++counter}`);
  const listeners = new Set<() => void>();
  const sent: OutgoingClientMessage[] = [];
  const calls: FixtureClientCall[] = [];
  let snapshot: RecallClientSnapshot = {
    state: replayServerMessages(options.messages ?? [], createInitialClientState()),
    connection: options.connection ?? 'open',
    outbox: options.outbox ?? 0,
  };

  const update = (next: Partial<RecallClientSnapshot>) => {
    const changed = (Object.keys(next) as Array<keyof RecallClientSnapshot>).some(
      (key) => !Object.is(next[key], snapshot[key]),
    );
    if (!changed) return;
    snapshot = { ...snapshot, ...next };
    for (const listener of [...listeners]) listener();
  };
  const setState = (state: ClientSessionState) => update({ state });

  const send = (message: OutgoingClientMessage) => {
    sent.push(message);
    setState(applyOutgoingMessage(snapshot.state, message));
    options.onSend?.(message);
  };

  const record = (call: FixtureClientCall) => {
    calls.push(call);
    options.onCall?.(call);
  };

  return {
    get sent() {
      return sent;
    },
    get calls() {
      return calls;
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    listenerCount: () => listeners.size,
    receive(...messages) {
      setState(replayServerMessages(messages, snapshot.state));
    },
    setConnection: (connection) => update({ connection }),
    connect: () => record('connect'),
    retry: () => record('retry'),
    close: () => {
      record('close');
      update({ connection: 'closed' });
    },
    sendMessage(text) {
      const clientMessageId = createId();
      send({ type: 'user_message', content: text, clientMessageId });
      return clientMessageId;
    },
    leaveSession: () => send({ type: 'leave_session', clientMessageId: createId() }),
    enterRabbithole() {
      const prompt = snapshot.state.rabbitholePrompt;
      if (prompt === null) return;
      send({
        type: 'enter_rabbithole',
        rabbitholeEventId: prompt.rabbitholeEventId,
        topic: prompt.topic,
        clientMessageId: createId(),
      });
    },
    exitRabbithole: () => send({ type: 'exit_rabbithole', clientMessageId: createId() }),
    declineRabbithole() {
      // Like the real client: nothing to decline without a pending prompt.
      if (snapshot.state.rabbitholePrompt === null) return;
      send({ type: 'decline_rabbithole', clientMessageId: createId() });
    },
    dismissOverlay: () => send({ type: 'dismiss_overlay', clientMessageId: createId() }),
  };
}
