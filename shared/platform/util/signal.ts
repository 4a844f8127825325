/**
 * A wake-up call between who queues work and who drains it. Built once with the dependencies;
 * whoever runs a worker listens, so nothing is patched in after the fact.
 */
export class Signal {
  readonly #listeners = new Set<() => void>();

  /** Calls `listener` on every fire; returns what stops it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  fire(): void {
    for (const listener of this.#listeners) listener();
  }
}
