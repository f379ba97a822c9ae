// Deterministic load measures of the server process, installed by patching prototypes (bench
// only): SQL statements sent to PostgreSQL or PGlite (each one a round trip: BEGIN and COMMIT
// count), and socket writes — each `_write`/`_writev` of a net.Socket is one write system
// call (writev for several buffers) — split into WebSocket sockets (accepted by a server)
// and the rest (the pg driver's).
import { Socket } from 'node:net';

/** Counts since the process started. */
export interface Counts {
  statements: number;
  webSocketWrites: number;
  otherWrites: number;
}

const counts: Counts = { statements: 0, webSocketWrites: 0, otherWrites: 0 };

/** The counts so far (a copy). */
export function readCounts(): Counts {
  return { ...counts };
}

/** Counts every socket write of this process from now on. */
export function countSocketWrites(): void {
  const prototype = Socket.prototype as unknown as Record<string, unknown> & {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  const write = prototype._write;
  const writev = prototype._writev;
  const count = (socket: Socket) => {
    // Sockets a server accepted have `server`; the pg driver's own connections do not.
    if ((socket as Socket & { server?: unknown }).server) counts.webSocketWrites += 1;
    else counts.otherWrites += 1;
  };
  prototype._write = function (this: Socket, ...args: unknown[]) {
    count(this);
    return write.apply(this, args);
  };
  prototype._writev = function (this: Socket, ...args: unknown[]) {
    count(this);
    return writev.apply(this, args);
  };
}

/** Counts every statement the `pg` driver sends (pooled, LISTEN and lock connections). */
export async function countPostgresStatements(): Promise<void> {
  const { default: pg } = await import('pg');
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    counts.statements += 1;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

type Queryable = Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>>;

/** Counts every statement PGlite runs (a transaction adds its BEGIN and COMMIT). */
export async function countPGliteStatements(): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const prototype = PGlite.prototype as unknown as Queryable & {
    transaction: (callback: (transaction: Queryable) => Promise<unknown>) => Promise<unknown>;
  };
  const { query, exec, transaction } = prototype;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    counts.statements += 1;
    return query.apply(this, args);
  };
  prototype.exec = function (this: unknown, ...args: unknown[]) {
    counts.statements += 1;
    return exec.apply(this, args);
  };
  prototype.transaction = function (this: unknown, callback) {
    counts.statements += 2;
    return transaction.call(this, (inner: Queryable) =>
      callback({
        ...inner,
        query: (...args: unknown[]) => {
          counts.statements += 1;
          return inner.query(...args);
        },
        exec: (...args: unknown[]) => {
          counts.statements += 1;
          return inner.exec(...args);
        },
      }),
    );
  };
}
