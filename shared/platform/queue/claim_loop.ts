/** What a queue worker does with its queue: take due items, and handle one. */
export interface ClaimHandlers<T> {
  /** Claims up to `limit` due items (with a lease, so a dead worker's items come back). */
  claim(limit: number): Promise<T[]>;
  /** Handles one item; its own failures are its business (retry, fail, record). */
  process(item: T): Promise<void>;
  /** A claim that failed (the database away, say): logged, then tried again at the next poll. */
  onClaimError(error: unknown): void;
}

/**
 * The loop every queue worker runs: keep up to `concurrency` items in hand, claim more as
 * they finish, sleep `pollMs` when idle (or until kicked), and on stop let the items in hand
 * finish.
 */
export class ClaimLoop<T> {
  #running = false;
  #inFlight = new Set<Promise<void>>();
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(
    private readonly handlers: ClaimHandlers<T>,
    private readonly options: { concurrency: number; pollMs: number },
  ) {}

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** New work: look now rather than at the next poll. */
  kick(): void {
    this.#wake?.();
  }

  /** Stops claiming and waits for the items in hand to finish. */
  async stop(): Promise<void> {
    this.#running = false;
    this.kick();
    await this.#loop;
    await Promise.all(this.#inFlight);
  }

  async #run(): Promise<void> {
    while (this.#running) {
      const free = this.options.concurrency - this.#inFlight.size;
      let claimed: T[] = [];
      if (free > 0) {
        try {
          claimed = await this.handlers.claim(free);
        } catch (error) {
          this.handlers.onClaimError(error);
        }
      }
      for (const item of claimed) {
        const task = this.handlers.process(item).finally(() => {
          this.#inFlight.delete(task);
          this.kick();
        });
        this.#inFlight.add(task);
      }
      if (claimed.length === 0 || this.#inFlight.size >= this.options.concurrency) {
        await this.#sleep(this.options.pollMs);
      }
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      this.#wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}

/** What a queue worker logs with. */
interface WorkerLog {
  error(fields: Record<string, unknown>): void;
}

/**
 * A worker of one queue: the claim loop (start, kick, stop) and the edge drain around what its
 * kind does itself, claiming due items and handling one. Documents, extractions and webhook
 * deliveries each extend it.
 */
export abstract class QueueWorker<T> {
  abstract readonly id: string;
  readonly #loop: ClaimLoop<T>;

  constructor(
    private readonly loopOptions: { concurrency: number; pollMs: number },
    log: WorkerLog,
    /** What a failed claim is logged as. */
    claimFailure: string,
  ) {
    this.#loop = new ClaimLoop({
      claim: (limit) => this.claim(limit),
      process: (item) => this.process(item),
      onClaimError: (error) =>
        log.error({ worker: this.id, message: claimFailure, error: String(error) }),
    }, loopOptions);
  }

  start(): void {
    this.#loop.start();
  }

  /** New work was queued: look now rather than at the next poll. */
  kick(): void {
    this.#loop.kick();
  }

  /** Stops claiming and waits for the items in hand to finish. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /**
   * Claims and handles due items, `concurrency` at a time, while `more()` allows: the drains of
   * the edge functions, which run no worker between requests. Answers how many were handled.
   */
  protected async drainWhile(
    more: () => boolean,
    handle: (item: T) => Promise<void> = (item) => this.process(item),
  ): Promise<number> {
    let done = 0;
    while (more()) {
      const items = await this.claim(this.loopOptions.concurrency);
      if (items.length === 0) break;
      await Promise.all(items.map(handle));
      done += items.length;
    }
    return done;
  }

  /** Claims up to `limit` due items, with a lease. */
  protected abstract claim(limit: number): Promise<T[]>;
  /** Handles one claimed item; its failures are its own (retry, fail, record). */
  protected abstract process(item: T): Promise<void>;
}
