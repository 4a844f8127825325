import { ServiceError } from "../errors/service_error.ts";

/**
 * Token buckets per key (an API key, a user, a client address): `perMinute` requests a minute
 * on average, bursts up to `perMinute`. In-process: each instance limits on its own.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; updated: number }>();

  constructor(readonly perMinute: number, readonly maxKeys = 100_000) {}

  /** Takes one token for `key`, or throws 429 SVC_RATE_LIMIT with Retry-After. */
  take(key: string, now = Date.now()): void {
    if (this.perMinute <= 0) return;
    const ratePerMs = this.perMinute / 60_000;
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= this.maxKeys) this.#evictFull(now, ratePerMs);
      bucket = { tokens: this.perMinute, updated: now };
      this.#buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updated) * ratePerMs);
    bucket.updated = now;
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
      throw new ServiceError("SVC_RATE_LIMIT", "Too many requests; slow down", {
        headers: { "Retry-After": String(retryAfter) },
      });
    }
    bucket.tokens -= 1;
  }

  /** A bucket that has refilled completely carries no state worth keeping. */
  #evictFull(now: number, ratePerMs: number): void {
    for (const [key, b] of this.#buckets) {
      if (b.tokens + (now - b.updated) * ratePerMs >= this.perMinute) this.#buckets.delete(key);
    }
    if (this.#buckets.size >= this.maxKeys) this.#buckets.clear();
  }
}
