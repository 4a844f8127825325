import type { Queryable } from "../db/db.ts";
import { RateLimiter, type RateState } from "./rate_limit.ts";

/** How long a team's tier is trusted from memory (a tier change reaches the limit within it). */
const TIER_CACHE_MS = 60_000;
const MAX_CACHED_TEAMS = 10_000;

/**
 * Requests per minute per team, by the team's tier (TEAM_RATE_LIMITS): all of a team's keys
 * and users share one budget, so one tenant cannot crowd out the others by adding keys.
 */
export class TeamRateLimits {
  readonly #limiter = new RateLimiter(0, 100_000, "team");
  readonly #tiers = new Map<string, { tier: string; expires: number }>();

  constructor(readonly db: Queryable, readonly perTier: Readonly<Record<string, number>>) {}

  get enabled(): boolean {
    return Object.values(this.perTier).some((n) => n > 0);
  }

  /** Counts one request of `teamId`; throws 429 SVC_RATE_LIMIT past its tier's limit. */
  async take(teamId: string, now = Date.now()): Promise<RateState | undefined> {
    if (!this.enabled) return undefined;
    const perMinute = this.perTier[await this.#tier(teamId, now)] ?? 0;
    return this.#limiter.take(teamId, now, perMinute);
  }

  async #tier(teamId: string, now: number): Promise<string> {
    const cached = this.#tiers.get(teamId);
    if (cached && cached.expires > now) return cached.tier;
    const [row] = await this.db.query<{ tier: string }>("select tier from teams where id = $1", [
      teamId,
    ]);
    if (this.#tiers.size >= MAX_CACHED_TEAMS) this.#tiers.clear();
    const tier = row?.tier ?? "";
    this.#tiers.set(teamId, { tier, expires: now + TIER_CACHE_MS });
    return tier;
  }
}

/** `free=120,starter=600,…` → {free: 120, …}; `0` or empty: no team limits. */
export function parseTierLimits(raw: string): Record<string, number> {
  const limits: Record<string, number> = {};
  if (raw.trim() === "0" || raw.trim() === "") return limits;
  for (const part of raw.split(",")) {
    const [tier, value] = part.split("=").map((s) => s.trim());
    const n = Number(value);
    if (!tier || !Number.isInteger(n) || n < 0) {
      throw new Error(`TEAM_RATE_LIMITS must look like free=120,starter=600, not ${raw}`);
    }
    limits[tier] = n;
  }
  return limits;
}
