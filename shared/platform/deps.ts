import { Authenticator } from "./auth/authenticator.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/db.ts";
import { createLogger, type Logger } from "./http/log.ts";
import { RateLimiter } from "./http/rate_limit.ts";
import { TeamRateLimits } from "./http/team_limits.ts";
import { UploadSlots } from "./http/upload_slots.ts";

/**
 * What every function needs whatever it serves: settings, the database, who is calling and
 * how often. A feature's root adds its own parts on top (see `shared/*\/root.ts`); this module
 * imports nothing a feature brings, so the smallest function loads only this.
 */
export interface PlatformDeps {
  config: Config;
  db: Db;
  auth: Authenticator;
  rateLimiter: RateLimiter;
  /** Per client address, for the public endpoints. */
  publicRateLimiter: RateLimiter;
  /** Per team, by tier. */
  teamRateLimits: TeamRateLimits;
  /** Failed authentications per client address. */
  authFailureLimiter: RateLimiter;
  log: Logger;
  /** Each team's uploads in flight (MAX_UPLOADS_PER_TEAM). */
  uploads: UploadSlots;
}

export function buildPlatformDeps(config: Config, db: Db, log?: Logger): PlatformDeps {
  return {
    config,
    db,
    auth: new Authenticator(config, db),
    rateLimiter: new RateLimiter(config.rateLimitPerMinute, undefined, "credential"),
    publicRateLimiter: new RateLimiter(config.publicRateLimitPerMinute, undefined, "address"),
    teamRateLimits: new TeamRateLimits(db, config.teamRateLimits),
    authFailureLimiter: new RateLimiter(config.authFailuresPerMinute, undefined, "auth-failures"),
    uploads: new UploadSlots(config.maxUploadsPerTeam),
    log: log ?? createLogger(config.logRequests),
  };
}
