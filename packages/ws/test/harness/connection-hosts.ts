import type { RecallEngine, StorageAdapter } from '@recall/core';
import { WebSocket } from 'ws';
import type { WebSocketLike } from '../../src/client/websocket-like';
import type { ConnectionLimitOptions } from '../../src/connection/connection-options';
import { PROTOCOL_VERSION } from '../../src/protocol/protocol-version';
import { createRecallServer } from '../../src/server/create-recall-server';
import type { RecallServerEngine } from '../../src/server/engine-port';
import { createInProcessTransport } from '../../src/testing/in-process-transport';
import { authenticateTestUser, createRecordingLogger } from './test-server';

/** What one client saw of one connection. */
export interface Probe {
  readonly frames: string[];
  /** Whether the socket opened (a refused upgrade never does). */
  readonly opened: boolean;
  /** The close code and reason, once closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  send(text: string): void;
  /** Resolves once a frame after the first `skip` ones satisfies `predicate`. */
  waitFor(predicate: (frame: Record<string, unknown>) => boolean, skip?: number): Promise<void>;
  close(): void;
}

/** One host serving one engine and storage, as the user `alice` (token `token-alice`). */
export interface Host {
  open(query: string, protocols?: string[]): Probe;
  close(): Promise<void>;
}

/** Everything a host serves. */
export interface HostSetup {
  engine: RecallServerEngine & Pick<RecallEngine, 'getSessionState'>;
  storage: StorageAdapter;
  limits: ConnectionLimitOptions;
}

/** The two hosts of the connection core, by name. */
export const HOSTS = {
  /** `createRecallServer` on a loopback port, reached by a real `ws` client. */
  async node(setup: HostSetup): Promise<Host> {
    const server = createRecallServer({
      ...setup.limits,
      engine: setup.engine,
      storage: setup.storage,
      authenticate: authenticateTestUser,
      logger: createRecordingLogger(),
      heartbeatIntervalMs: 0,
      port: 0,
    });
    await server.ready;
    const base = `ws://127.0.0.1:${server.address()?.port}/ws?token=token-alice&`;
    return {
      open(query, protocols = [PROTOCOL_VERSION]) {
        const socket = new WebSocket(`${base}${query}`, protocols);
        socket.on('error', () => {});
        return probe({
          send: (text) => socket.send(text),
          close: () => socket.close(),
          listen(handlers) {
            socket.on('open', handlers.open);
            socket.on('message', (data) => handlers.message(data.toString()));
            socket.on('close', (code, reason) => handlers.close(code, reason.toString()));
          },
        });
      },
      close: () => server.close({ closeEngine: false }),
    };
  },
  /** `createInProcessTransport`, reached through its WebSocket-like class. */
  async inProcess(setup: HostSetup): Promise<Host> {
    const transport = createInProcessTransport({
      ...setup.limits,
      engine: setup.engine,
      storage: setup.storage,
      userId: 'alice',
    });
    return {
      open(query, protocols = [PROTOCOL_VERSION]) {
        const socket: WebSocketLike = new transport.WebSocket(
          `${transport.url}?${query}`,
          protocols,
        );
        return probe({
          send: (text) => socket.send(text),
          close: () => socket.close(),
          listen(handlers) {
            socket.onopen = handlers.open;
            socket.onmessage = (event) => handlers.message(String(event.data));
            socket.onclose = (event) => handlers.close(event.code, event.reason);
          },
        });
      },
      close: async () => transport.disconnect(),
    };
  },
} satisfies Record<string, (setup: HostSetup) => Promise<Host>>;

interface Handlers {
  open(): void;
  message(text: string): void;
  close(code: number, reason: string): void;
}

function probe(socket: {
  send(text: string): void;
  close(): void;
  listen(handlers: Handlers): void;
}): Probe {
  const frames: string[] = [];
  const waiters = new Set<() => void>();
  let opened = false;
  let resolveClosed!: (value: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    resolveClosed = resolve;
  });
  socket.listen({
    open: () => {
      opened = true;
    },
    message(text) {
      frames.push(text);
      for (const waiter of [...waiters]) waiter();
    },
    close: (code, reason) => resolveClosed({ code, reason }),
  });
  return {
    frames,
    get opened() {
      return opened;
    },
    closed,
    send: (text) => socket.send(text),
    close: () => socket.close(),
    waitFor(predicate, skip = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!frames.slice(skip).some((frame) => predicate(JSON.parse(frame)))) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching frame; got ${frames.slice(-3).join(' ')}`));
        }, 5_000);
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * The engine with some members replaced (e.g. a `startSession` that fails), every other
 * member the engine's own, bound to it.
 */
export function withEngineFailures<T extends object>(
  engine: T,
  replaced: Record<string, unknown>,
): T {
  return new Proxy(engine, {
    get(target, key) {
      if (typeof key === 'string' && key in replaced) return replaced[key];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

// ---- the scenario table's shape (rows in `../connection-scenarios.ts`) ----

/** The sessions every scenario starts from (ids differ per host; frames are normalised). */
export interface ScenarioFixture {
  /** Alice's session of `cell-energy`, greeted and idle. */
  aliceSession: string;
  /** Its last seq. */
  head: number;
  /** Bob's session of `cell-energy`. */
  bobSession: string;
}

/** Which frame a step waits for: by `type`, or an `error` frame by `code`. */
export type FrameMatch = { type: string } | { code: string };

/** One thing the client does on the recorded connection. */
export type ScenarioStep =
  /** Sends a value as JSON, or a string as it is. */
  | { send: unknown }
  /** Waits for a frame sent after the previous `send`. */
  | { await: FrameMatch };

/** One connection scenario, run against every host. */
export interface ConnectionScenario {
  name: string;
  /** The server limits both hosts are given. @default the defaults */
  limits?: ConnectionLimitOptions;
  /** Replaces parts of the engine or storage (failures). */
  failures?: (setup: HostSetup) => Partial<Pick<HostSetup, 'engine' | 'storage'>>;
  /** The recorded connection's query. */
  query(fixture: ScenarioFixture): string;
  /** The protocol versions offered. @default the current one */
  protocols?: string[];
  /** Connections opened first and kept open, each until its `history_end` or its close. */
  before?: (fixture: ScenarioFixture) => string[];
  steps?: ScenarioStep[];
  /** What the client must see, whichever host serves it. */
  expected: {
    opened: boolean;
    /** The codes of the `error` frames, in order. */
    errors: string[];
    /** The close code; `undefined`: the socket stays open (the client closes it). */
    close?: number;
  };
}
