import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  jwtVerify,
  type JWTVerifyGetKey,
} from "jose";
import type { Config } from "../config.ts";
import type { Db } from "../db/db.ts";
import { ServiceError } from "../errors/service_error.ts";
import { timingSafeEqual } from "../util/crypto.ts";
import { TtlCache } from "../util/ttl_cache.ts";
import { findActiveKey, type KeyOwner, looksLikeApiKey } from "./api_keys.ts";
import type { Principal } from "./principal.ts";
import { isUuid } from "../util/uuid.ts";

/**
 * Verifies the credentials of a request. API keys and team memberships are cached for
 * `apiKeyCacheSeconds`, so a warm request costs no database round trip; a revocation made
 * through this process takes effect at once, in other processes within that time.
 */
export class Authenticator {
  readonly #keys: TtlCache<string, KeyOwner | null>;
  readonly #memberships: TtlCache<string, string[]>;
  readonly #jwtKey: JWTVerifyGetKey | undefined;
  /** The keys the `apikey` header may carry. */
  readonly #apikeys: string[];

  constructor(private readonly config: Config, private readonly db: Db) {
    const ttl = config.apiKeyCacheSeconds * 1000;
    this.#keys = new TtlCache(ttl, 10_000);
    this.#memberships = new TtlCache(ttl, 10_000);
    this.#jwtKey = userJwtKey(config);
    this.#apikeys = [...config.publishableKeys, ...config.serviceRoleKeys];
  }

  /**
   * Supabase's gateway check: the `apikey` header carries a publishable key (the legacy anon
   * key or `sb_publishable_…`) or a service role / secret key.
   */
  requireApikeyHeader(apikey: string | undefined): void {
    if (!apikey) {
      throw new ServiceError("SVC_AUTH_002", "Missing apikey header: send apikey: <ANON_KEY>");
    }
    if (!anyEqual(apikey, this.#apikeys)) {
      throw new ServiceError("SVC_AUTH_002", "Invalid apikey header");
    }
  }

  /** The service role key (or a secret key), as a Bearer token, for the admin routes. */
  requireServiceRole(authorization: string | undefined): void {
    const token = bearerToken(authorization);
    if (!anyEqual(token, this.config.serviceRoleKeys)) {
      throw new ServiceError("SVC_AUTH_003", "This route needs the service role key");
    }
  }

  /** A team API key, or a Supabase user JWT whose user belongs to a team. */
  async authenticateTeam(
    authorization: string | undefined,
    teamIdHeader: string | undefined,
  ): Promise<Principal> {
    const token = bearerToken(authorization);
    if (looksLikeApiKey(token)) return await this.#fromApiKey(token);
    if (token.split(".").length === 3) return await this.#fromUserJwt(token, teamIdHeader);
    throw invalidCredentials();
  }

  /** Forgets a key at once in this process (after revocation). */
  forgetKey(keyId: string): void {
    this.#keys.deleteWhere((owner) => owner?.keyId === keyId);
  }

  /** Forgets a user's cached team memberships (after a membership change). */
  forgetUser(userId: string): void {
    this.#memberships.delete(userId);
  }

  async #fromApiKey(token: string): Promise<Principal> {
    let owner = this.#keys.get(token);
    if (owner === undefined) {
      owner = await findActiveKey(this.db, token);
      this.#keys.set(token, owner);
    }
    if (!owner) throw invalidCredentials();
    return { teamId: owner.teamId, actor: `api_key:${owner.keyId}`, credentialId: owner.keyId };
  }

  async #fromUserJwt(token: string, teamIdHeader: string | undefined): Promise<Principal> {
    const payload = await this.#verifyJwt(token);
    if (payload.role !== "authenticated" || typeof payload.sub !== "string" || !payload.sub) {
      throw new ServiceError(
        "SVC_AUTH_001",
        "This JWT does not belong to a signed-in user; send a team API key or a user's JWT",
      );
    }
    const teams = await this.#teamsOf(payload.sub);
    const teamId = chooseTeam(teams, teamIdHeader);
    return { teamId, actor: payload.sub, credentialId: `user:${payload.sub}` };
  }

  async #verifyJwt(token: string): Promise<JWTPayload> {
    if (!this.#jwtKey) throw invalidCredentials();
    try {
      const { payload } = await jwtVerify(token, this.#jwtKey, {
        algorithms: ["HS256", "RS256", "ES256"],
        audience: this.config.jwtAudience,
        requiredClaims: ["exp", "sub"],
      });
      return payload;
    } catch {
      throw invalidCredentials();
    }
  }

  async #teamsOf(userId: string): Promise<string[]> {
    let teams = this.#memberships.get(userId);
    if (!teams) {
      const rows = await this.db.query<{ team_id: string }>(
        "select team_id from team_members where user_id = $1 order by created_at",
        [userId],
      );
      teams = rows.map((r) => r.team_id);
      this.#memberships.set(userId, teams);
    }
    return teams;
  }
}

/**
 * The key of a user JWT by its algorithm: HS256 with the legacy secret, asymmetric keys from
 * the JWKS (inline `SUPABASE_JWKS`, else fetched from the JWKS URL and cached by jose).
 */
function userJwtKey(config: Config): JWTVerifyGetKey | undefined {
  const secret = config.jwtSecret ? new TextEncoder().encode(config.jwtSecret) : undefined;
  const jwks = config.jwks
    ? createLocalJWKSet(config.jwks as Parameters<typeof createLocalJWKSet>[0])
    : config.jwksUrl
    ? createRemoteJWKSet(new URL(config.jwksUrl))
    : undefined;
  if (!secret && !jwks) return undefined;
  return (header, token) => {
    if (header.alg === "HS256") {
      if (!secret) throw new Error("no HS256 secret configured");
      return secret;
    }
    if (!jwks) throw new Error("no JWKS configured");
    return jwks(header, token);
  };
}

/** Compares against every candidate (no early exit), in constant time per candidate. */
function anyEqual(value: string, candidates: readonly string[]): boolean {
  let found = false;
  for (const candidate of candidates) found = timingSafeEqual(value, candidate) || found;
  return found;
}

function chooseTeam(teams: string[], teamIdHeader: string | undefined): string {
  if (teamIdHeader !== undefined) {
    if (isUuid(teamIdHeader) && teams.includes(teamIdHeader.toLowerCase())) {
      return teamIdHeader.toLowerCase();
    }
    throw new ServiceError("SVC_AUTH_003", "You are not a member of the team in X-Team-Id");
  }
  if (teams.length === 1) return teams[0]!;
  if (teams.length === 0) {
    throw new ServiceError("SVC_AUTH_003", "Your user does not belong to any team");
  }
  throw new ServiceError(
    "SVC_AUTH_003",
    "Your user belongs to several teams: choose one with the X-Team-Id header",
  );
}

function bearerToken(authorization: string | undefined): string {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!match) {
    throw new ServiceError(
      "SVC_AUTH_001",
      "Missing credentials: send Authorization: Bearer <API_KEY>",
    );
  }
  return match[1]!;
}

function invalidCredentials(): ServiceError {
  return new ServiceError("SVC_AUTH_001", "Invalid API key or JWT");
}
