import { ServiceError } from "../errors/service_error.ts";

/** Where a key stands after a request was counted: for the RateLimit headers. */
export interface RateState {
  /** The policy's name in the headers (`credential`, `team`, `address`). */
  policy: string;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
}

/**
 * Token buckets per key (an API key, a team, a client address): `perMinute` requests a minute
 * on average, bursts up to `perMinute`. In-process: each instance limits on its own.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; updated: number }>();

  constructor(
    readonly perMinute: number,
    readonly maxKeys = 100_000,
    readonly policy = "default",
  ) {}

  /**
   * Takes one token for `key`, or throws 429 SVC_RATE_LIMIT with Retry-After and the RateLimit
   * headers. `perMinute` overrides the limiter's own (per-tier limits share one limiter).
   */
  take(key: string, now = Date.now(), perMinute = this.perMinute): RateState | undefined {
    if (perMinute <= 0) return undefined;
    const bucket = this.#refilled(key, now, perMinute);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / (perMinute / 60_000) / 1000));
      const state = this.#state(bucket.tokens, perMinute);
      throw new ServiceError("SVC_RATE_LIMIT", "Too many requests; slow down", {
        headers: { "Retry-After": String(retryAfter), ...rateLimitHeaders(state) },
      });
    }
    bucket.tokens -= 1;
    return this.#state(bucket.tokens, perMinute);
  }

  /** Whether `key` has a token left, without taking it. */
  has(key: string, now = Date.now()): boolean {
    if (this.perMinute <= 0) return true;
    return this.#refilled(key, now, this.perMinute).tokens >= 1;
  }

  #refilled(key: string, now: number, perMinute: number) {
    const ratePerMs = perMinute / 60_000;
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= this.maxKeys) this.#evictFull(now, ratePerMs, perMinute);
      bucket = { tokens: perMinute, updated: now };
      this.#buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.updated) * ratePerMs);
    bucket.updated = now;
    return bucket;
  }

  #state(tokens: number, perMinute: number): RateState {
    return {
      policy: this.policy,
      limit: perMinute,
      remaining: Math.max(0, Math.floor(tokens)),
      resetSeconds: Math.ceil((perMinute - tokens) / (perMinute / 60)),
    };
  }

  /** A bucket that has refilled completely carries no state worth keeping. */
  #evictFull(now: number, ratePerMs: number, perMinute: number): void {
    for (const [key, b] of this.#buckets) {
      if (b.tokens + (now - b.updated) * ratePerMs >= perMinute) this.#buckets.delete(key);
    }
    if (this.#buckets.size >= this.maxKeys) this.#buckets.clear();
  }
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the policy (quota
 * `q` per window `w` seconds) and where the caller stands (`r` remaining, `t` seconds to reset).
 */
export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    "RateLimit-Policy": `"${state.policy}";q=${state.limit};w=60`,
    "RateLimit": `"${state.policy}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

/** Of several limits that passed, the one closest to running out speaks in the headers. */
export function tightest(states: (RateState | undefined)[]): RateState | undefined {
  let best: RateState | undefined;
  for (const s of states) {
    if (s && (!best || s.remaining / s.limit < best.remaining / best.limit)) best = s;
  }
  return best;
}
