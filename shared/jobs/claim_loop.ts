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
