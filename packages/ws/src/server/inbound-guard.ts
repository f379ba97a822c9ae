import { createFrameMeter, type FrameCharge, type FrameMeter } from './frame-budget';
import type { RateLimitBudget } from './rate-limiter';
import { createTokenBucket, type TokenBucket } from './token-bucket';

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

/** Bytes a `ws` message event carries (one Buffer, an ArrayBuffer, or fragments). */
export function frameByteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0);
  return data.byteLength;
}

export { createFrameMeter };
