/**
 * A bounded map whose entries expire. Insertion order doubles as age order, so evicting the
 * oldest entry when full is O(1).
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>();

  constructor(readonly ttlMs: number, readonly maxEntries: number) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: now + this.ttlMs });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose value matches (for example every key of a revoked team key). */
  deleteWhere(predicate: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) {
      if (predicate(entry.value)) this.#entries.delete(key);
    }
  }
}
