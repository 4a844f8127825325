import { isConnectionFailure } from "./availability.ts";

/** Thrown instead of waiting while the database is known to be away. */
export class DatabaseAwayError extends Error {
  override name = "DatabaseAwayError";
  readonly code = "CONNECTION_CLOSED";
}

/** How long after a connection failure new work fails at once instead of queueing. */
const AWAY_MS = 1000;
/** How long after a connection failure work is held to the probe deadline. */
const SUSPECT_MS = 60_000;

/**
 * Fails fast while PostgreSQL is away. postgres.js queues work while it reconnects, and a
 * request waiting in that queue answers only when the database is back (or never): during an
 * outage requests hung for 30 s. Once a query fails for want of the database, every query still
 * waiting is failed at once, and for the next second new ones fail without queueing; after that
 * one goes through to find out whether the database is back, so the pool recovers by itself.
 * For a minute after a failure, work that has no answer within `probeMs` (the connect timeout
 * and a little) counts as a failure too: a connection that hangs instead of failing is no better.
 */
export class OutageGuard {
  #awayUntil = 0;
  #suspectUntil = 0;
  readonly #pending = new Set<(error: Error) => void>();

  constructor(readonly probeMs: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    const now = Date.now();
    if (now < this.#awayUntil) throw new DatabaseAwayError("The database is away");
    let fail!: (error: Error) => void;
    const failed = new Promise<never>((_, reject) => (fail = reject));
    this.#pending.add(fail);
    const timer = now < this.#suspectUntil
      ? setTimeout(() => fail(new DatabaseAwayError("The database did not answer")), this.probeMs)
      : undefined;
    try {
      return await Promise.race([work(), failed]);
    } catch (error) {
      if (isConnectionFailure(error)) this.#away(fail);
      throw error;
    } finally {
      clearTimeout(timer);
      this.#pending.delete(fail);
    }
  }

  #away(except: (error: Error) => void): void {
    this.#awayUntil = Date.now() + AWAY_MS;
    this.#suspectUntil = Date.now() + SUSPECT_MS;
    for (const fail of this.#pending) {
      if (fail !== except) fail(new DatabaseAwayError("The database went away"));
    }
  }
}
