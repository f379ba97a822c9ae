import type { RecallSet } from '../../model/recall-set';
import { deepFreeze } from '../log/append-plan';

/**
 * Whether this process hears about every write to the database: always for a database only
 * it writes (PGlite); for PostgreSQL, only while its LISTEN connection is up. Every change
 * of trust starts a new epoch, and what was learnt in an earlier epoch is forgotten: a write
 * made while no one listened would otherwise go unnoticed.
 */
export class FeedTrust {
  #epoch = 0;
  #trusted: boolean;

  constructor(trusted: boolean) {
    this.#trusted = trusted;
  }

  get epoch(): number {
    return this.#epoch;
  }

  /** Whether something learnt at `epoch` is still known to be current (save for in-flight notices). */
  holds(epoch: number): boolean {
    return this.#trusted && epoch === this.#epoch;
  }

  /** Every later write will be heard (LISTEN is established). */
  trust(): void {
    this.#epoch += 1;
    this.#trusted = true;
  }

  /** Writes may go unheard (the LISTEN connection dropped). */
  distrust(): void {
    this.#epoch += 1;
    this.#trusted = false;
  }
}

/** Heads of session logs this process knows without a round trip, bounded (oldest dropped). */
export class KnownHeads {
  readonly #trust: FeedTrust;
  readonly #limit: number;
  readonly #heads = new Map<string, number>();
  #epoch: number;

  constructor(trust: FeedTrust, limit = 50_000) {
    this.#trust = trust;
    this.#limit = limit;
    this.#epoch = trust.epoch;
  }

  get(sessionId: string): number | undefined {
    return this.#current() ? this.#heads.get(sessionId) : undefined;
  }

  /** Notes that the log reached `seq`, as learnt by an operation that started at `epoch`. */
  note(sessionId: string, seq: number, epoch: number): void {
    if (!this.#current() || !this.#trust.holds(epoch)) return;
    const known = this.#heads.get(sessionId);
    if (known !== undefined && known >= seq) return;
    this.#heads.delete(sessionId);
    this.#heads.set(sessionId, seq);
    if (this.#heads.size > this.#limit) this.#heads.delete(this.#heads.keys().next().value!);
  }

  /** Forgets every head (a notice that names no session). */
  clear(): void {
    this.#heads.clear();
  }

  #current(): boolean {
    if (this.#epoch !== this.#trust.epoch) {
      this.#heads.clear();
      this.#epoch = this.#trust.epoch;
    }
    return this.#trust.holds(this.#epoch);
  }
}

/**
 * Recall sets read from the database, kept (deep-frozen, shared) until one is saved — here or,
 * through its notice, on another node — or the trust lapses. Bounded, oldest dropped.
 */
export class RecallSetCache {
  readonly #trust: FeedTrust;
  readonly #limit: number;
  readonly #sets = new Map<string, RecallSet>();
  #epoch: number;
  /** Bumped by every invalidation, so a read that raced one is not kept. */
  #generation = 0;

  constructor(trust: FeedTrust, limit = 1_000) {
    this.#trust = trust;
    this.#limit = limit;
    this.#epoch = trust.epoch;
  }

  async get(
    recallSetId: string,
    load: (recallSetId: string) => Promise<RecallSet | null>,
  ): Promise<RecallSet | null> {
    if (this.#epoch !== this.#trust.epoch) {
      this.#sets.clear();
      this.#epoch = this.#trust.epoch;
    }
    const cached = this.#sets.get(recallSetId);
    if (cached !== undefined && this.#trust.holds(this.#epoch)) return cached;
    const epoch = this.#trust.epoch;
    const generation = this.#generation;
    const loaded = await load(recallSetId);
    if (loaded === null) return null;
    const frozen = deepFreeze(loaded);
    if (this.#trust.holds(epoch) && epoch === this.#epoch && generation === this.#generation) {
      this.#sets.set(recallSetId, frozen);
      if (this.#sets.size > this.#limit) this.#sets.delete(this.#sets.keys().next().value!);
    }
    return frozen;
  }

  /** Drops one set (saved), or every set when `recallSetId` is undefined. */
  invalidate(recallSetId?: string): void {
    this.#generation += 1;
    if (recallSetId === undefined) this.#sets.clear();
    else this.#sets.delete(recallSetId);
  }
}
