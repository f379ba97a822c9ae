import type { LogFields, RecallServerLogger } from './logger';

type Level = 'info' | 'warn' | 'error';

const SEVERITY: Record<Level, number> = { info: 0, warn: 1, error: 2 };

/** Options for {@link createLogLimiter}. */
export interface LogLimiterOptions {
  logger: RecallServerLogger;
  /** Length of one window in ms. */
  intervalMs: number;
  /** Lines the whole server writes per window; further ones are counted instead. */
  maxLinesPerInterval: number;
}

/** The refusals of one connection, aggregated. */
export interface ConnectionLog {
  /**
   * Logs a refused frame: the first in a quiet period at once (with `count: 1`); later ones
   * are counted and reported in one line per window (with `count`), or when the socket closes.
   */
  refused(level: Level, message: string, fields: LogFields): void;
  /** Reports what is still counted; called once when the connection closes. */
  close(): void;
}

/** A process-wide capped logger plus per-connection aggregation of refusals. */
export interface LogLimiter {
  /** Writes through to the logger until the window's cap, then counts. */
  readonly logger: RecallServerLogger;
  forConnection(identity: LogFields): ConnectionLog;
  /** Reports what is counted and stops the timer. */
  close(): void;
}

interface Counted {
  level: Level;
  count: number;
}

/**
 * Keeps a flood of refused frames from flooding the log: at most one line per connection per
 * window (the first refusal, then one line with the counts), and at most
 * `maxLinesPerInterval` lines per window for the whole server — past that, lines are counted
 * and one `log lines suppressed` warning per window says how many.
 */
export function createLogLimiter(options: LogLimiterOptions): LogLimiter {
  const { logger, intervalMs, maxLinesPerInterval } = options;
  let written = 0;
  let suppressed = 0;
  const active = new Set<() => boolean>();

  function write(level: Level, message: string, fields: LogFields): void {
    if (written >= maxLinesPerInterval) {
      suppressed += 1;
      return;
    }
    written += 1;
    logger[level]?.(message, fields);
  }

  const capped: RecallServerLogger = {
    info: (message, fields = {}) => write('info', message, fields),
    warn: (message, fields = {}) => write('warn', message, fields),
    error: (message, fields = {}) => write('error', message, fields),
  };

  function tick(): void {
    // Connections report first, so their lines count against the new window's cap.
    written = 0;
    for (const flush of [...active]) if (!flush()) active.delete(flush);
    if (suppressed > 0) {
      logger.warn?.('log lines suppressed', { count: suppressed, intervalMs });
      suppressed = 0;
    }
  }

  const timer = setInterval(tick, intervalMs);
  timer.unref?.();

  return {
    logger: capped,
    forConnection(identity) {
      const counts = new Map<string, Counted>();
      let quiet = true;
      // Reports the window's counts; false once a window passed with nothing to report.
      const flush = (): boolean => {
        if (counts.size === 0) {
          quiet = true;
          return false;
        }
        report(identity, counts);
        counts.clear();
        return true;
      };
      function report(fields: LogFields, entries: Map<string, Counted>): void {
        let level: Level = 'info';
        let total = 0;
        const perMessage: LogFields = {};
        for (const [message, counted] of entries) {
          if (SEVERITY[counted.level] > SEVERITY[level]) level = counted.level;
          total += counted.count;
          perMessage[message] = counted.count;
        }
        const [only] = entries.keys();
        if (entries.size === 1 && only !== undefined) {
          write(level, only, { ...fields, count: total, intervalMs });
        } else {
          write(level, 'frames refused', { ...fields, ...perMessage, count: total, intervalMs });
        }
      }
      return {
        refused(level, message, fields) {
          if (quiet) {
            quiet = false;
            active.add(flush);
            write(level, message, { ...identity, ...fields, count: 1 });
            return;
          }
          const counted = counts.get(message);
          if (counted === undefined) counts.set(message, { level, count: 1 });
          else {
            counted.count += 1;
            if (SEVERITY[level] > SEVERITY[counted.level]) counted.level = level;
          }
        },
        close() {
          active.delete(flush);
          if (counts.size > 0) report(identity, counts);
          counts.clear();
        },
      };
    },
    close() {
      clearInterval(timer);
      for (const flush of [...active]) flush();
      active.clear();
      if (suppressed > 0) logger.warn?.('log lines suppressed', { count: suppressed, intervalMs });
      suppressed = 0;
    },
  };
}
