import type { Duplex } from 'node:stream';
import type { RecallServerLogger } from './logger';
import { createAddressCounter } from './remote-address';
import { rejectUpgrade } from './reject-upgrade';

/** One upgrade counted in by {@link UpgradeGuard.enter}. */
export interface UpgradeTicket {
  /** The WebSocket is open: the deadline no longer applies. */
  established(): void;
}

/** The server-wide socket cap and the deadline on each upgrade Recall handles. */
export interface UpgradeGuard {
  /**
   * Counts the socket in until it closes and arms the deadline; `null` (after answering
   * `503`) when `maxConnections` sockets are already held, or `maxConnectionsPerAddress` by
   * the socket's address key.
   */
  enter(
    socket: Duplex,
    fields: Record<string, string | undefined>,
    addressKey: string,
  ): UpgradeTicket | null;
  /** Sockets held: open WebSockets plus upgrades in progress. */
  readonly held: number;
}

/** Options for {@link createUpgradeGuard}. */
export interface UpgradeGuardOptions {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  upgradeTimeoutMs: number;
  logger: RecallServerLogger;
}

/**
 * Bounds what a flood of sockets can hold: at most `maxConnections` at once and
 * `maxConnectionsPerAddress` per address (so one peer cannot fill the server), and an upgrade
 * that has not become a WebSocket within `upgradeTimeoutMs` (a slow `authenticate`, a peer
 * that stalls) is answered `408` and dropped, freeing its slot.
 */
export function createUpgradeGuard(options: UpgradeGuardOptions): UpgradeGuard {
  let held = 0;
  const byAddress = createAddressCounter(options.maxConnectionsPerAddress);
  return {
    get held() {
      return held;
    },
    enter(socket, fields, addressKey) {
      if (held >= options.maxConnections) {
        options.logger.warn?.('connection refused: server full', {
          ...fields,
          maxConnections: options.maxConnections,
        });
        rejectUpgrade(socket, 503, 'Too many connections');
        return null;
      }
      const leave = byAddress.enter(addressKey);
      if (leave === null) {
        options.logger.warn?.('connection refused: too many from one address', {
          ...fields,
          maxConnectionsPerAddress: options.maxConnectionsPerAddress,
        });
        rejectUpgrade(socket, 503, 'Too many connections from this address');
        return null;
      }
      held += 1;
      let done = false;
      const timer = setTimeout(() => {
        if (done) return;
        options.logger.info?.('upgrade timed out', {
          ...fields,
          timeoutMs: options.upgradeTimeoutMs,
        });
        rejectUpgrade(socket, 408, 'Upgrade timed out');
        // A peer that never reads must not keep the socket either.
        setTimeout(() => socket.destroy(), 1_000).unref();
      }, options.upgradeTimeoutMs);
      timer.unref();
      socket.once('close', () => {
        done = true;
        clearTimeout(timer);
        held -= 1;
        leave();
      });
      return {
        established() {
          done = true;
          clearTimeout(timer);
        },
      };
    },
  };
}
