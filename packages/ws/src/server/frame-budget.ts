import { createTokenBucket, type RateLimitBudget, type TokenBucket } from './rate-limiter';

/** A budget for inbound frames, by count and by size. */
export interface FrameBudgetOptions {
  /** Frames accepted at once. */
  burstFrames?: number;
  /** Frames added back per second. */
  framesPerSecond?: number;
  /** Bytes accepted at once; at least `maxPayload`, so one largest frame always fits. */
  burstBytes?: number;
  /** Bytes added back per second. */
  bytesPerSecond?: number;
}

/** The outcome of {@link FrameMeter.charge}. */
export type FrameCharge = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Counts one budget's frames and bytes. */
export interface FrameMeter {
  /**
   * Charges one frame of `bytes` whatever happens to it next (refused frames cost the same as
   * accepted ones). Refused when the budget could not pay for it before the charge; the debt
   * is kept (down to one burst), so a sender that keeps going stays refused.
   */
  charge(bytes: number): FrameCharge;
}

/** Options for {@link createFrameMeter}. */
export interface FrameMeterOptions {
  budget: Required<FrameBudgetOptions>;
  /** Clock in epoch ms. @default Date.now */
  now?: () => number;
}

const ALLOWED: FrameCharge = Object.freeze({ allowed: true });

/** A frame meter that starts full. */
export function createFrameMeter(options: FrameMeterOptions): FrameMeter {
  const { budget } = options;
  const now = options.now ?? Date.now;
  let frames = budget.burstFrames;
  let bytes = budget.burstBytes;
  let updatedAt = now();

  function refill(): void {
    const time = now();
    const elapsedSeconds = Math.max(0, time - updatedAt) / 1000;
    frames = Math.min(budget.burstFrames, frames + elapsedSeconds * budget.framesPerSecond);
    bytes = Math.min(budget.burstBytes, bytes + elapsedSeconds * budget.bytesPerSecond);
    updatedAt = time;
  }

  return {
    charge(size) {
      refill();
      const allowed = frames >= 1 && bytes >= size;
      frames = Math.max(-budget.burstFrames, frames - 1);
      bytes = Math.max(-budget.burstBytes, bytes - size);
      if (allowed) return ALLOWED;
      const framesWait = frames >= 0 ? 0 : (-frames / budget.framesPerSecond) * 1000;
      const bytesWait = bytes >= 0 ? 0 : (-bytes / budget.bytesPerSecond) * 1000;
      return {
        allowed: false,
        retryAfterMs: Math.max(1, Math.ceil(framesWait), Math.ceil(bytesWait)),
      };
    },
  };
}

/** One user's meter, held while one of their sockets is open. */
export interface HeldFrameMeter {
  meter: FrameMeter;
  release(): void;
}

/** The meters every socket of one user shares on this node. */
export interface UserFrameMeters {
  acquire(userId: string): HeldFrameMeter;
  /** Users with a meter: an open socket, or one closed before the meter could refill. */
  readonly size: number;
}

/**
 * Creates the per-user meters. A meter outlives its user's last socket until it could have
 * refilled completely, so closing and reopening sockets buys no fresh budget.
 */
export function createUserFrameMeters(budget: Required<FrameBudgetOptions>): UserFrameMeters {
  const meters = new Map<string, { meter: FrameMeter; holders: number }>();
  // Debt is at most one burst, so two bursts' refill always makes a meter full again.
  const refillMs =
    2_000 *
    Math.max(
      budget.burstFrames / budget.framesPerSecond,
      budget.burstBytes / budget.bytesPerSecond,
    );
  return {
    get size() {
      return meters.size;
    },
    acquire(userId) {
      let entry = meters.get(userId);
      if (entry === undefined) {
        entry = { meter: createFrameMeter({ budget }), holders: 0 };
        meters.set(userId, entry);
      }
      entry.holders += 1;
      const held = entry;
      let released = false;
      return {
        meter: held.meter,
        release() {
          if (released) return;
          released = true;
          held.holders -= 1;
          if (held.holders > 0) return;
          setTimeout(() => {
            if (held.holders === 0 && meters.get(userId) === held) meters.delete(userId);
          }, refillMs).unref();
        },
      };
    },
  };
}

/** What one socket's inbound frames may cost before they are parsed. */
export interface InboundGuard {
  /** Charges a frame of `bytes` to the socket's and the user's budgets (both, always). */
  charge(bytes: number): FrameCharge;
  /** Counts one refused frame; `false` once the socket has sent too many and must close. */
  countRefusal(): boolean;
}

/** Options for {@link createInboundGuard}; `null` turns a part off. */
export interface InboundGuardOptions {
  socket: FrameMeter | null;
  user: FrameMeter | null;
  refusedFrameLimit: RateLimitBudget | null;
}

/** Combines a socket's frame budget, its user's and its refused-frame limit. */
export function createInboundGuard(options: InboundGuardOptions): InboundGuard {
  const refusals: TokenBucket | null =
    options.refusedFrameLimit === null
      ? null
      : createTokenBucket({
          capacity: options.refusedFrameLimit.burst,
          refillPerSecond: options.refusedFrameLimit.refillPerSecond,
        });
  return {
    charge(bytes) {
      const socket = options.socket?.charge(bytes) ?? { allowed: true };
      const user = options.user?.charge(bytes) ?? { allowed: true };
      if (socket.allowed && user.allowed) return socket;
      const waits = [socket, user].map((charge) => (charge.allowed ? 0 : charge.retryAfterMs));
      return { allowed: false, retryAfterMs: Math.max(...waits) };
    },
    countRefusal() {
      return refusals === null || refusals.take().allowed;
    },
  };
}
