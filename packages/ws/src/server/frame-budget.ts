import { createFrameMeter, type FrameMeter } from './rate-limiter';

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

// The meter itself is counted with the other budgets.
export { createFrameMeter } from './rate-limiter';
export type { FrameCharge, FrameMeter, FrameMeterOptions } from './rate-limiter';
