import type { Queryable } from "../db/db.ts";
import { randomBase64Url, sha256Hex } from "../util/crypto.ts";

/** Team API keys look like `tdk_<43 base64url chars>`: 256 random bits. */
export const API_KEY_PREFIX = "tdk_";

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length === API_KEY_PREFIX.length + 43;
}

export interface IssuedKey {
  id: string;
  api_key: string;
}

/** Creates a key for a team; the plain key is returned once and never stored. */
export async function issueApiKey(
  db: Queryable,
  teamId: string,
  name: string | null = null,
): Promise<IssuedKey> {
  const apiKey = API_KEY_PREFIX + randomBase64Url(32);
  const [row] = await db.query<{ id: string }>(
    `insert into api_keys (team_id, key_hash, key_prefix, name)
     values ($1, $2, $3, $4) returning id`,
    [teamId, await sha256Hex(apiKey), apiKey.slice(0, 12), name],
  );
  return { id: row!.id, api_key: apiKey };
}

export interface KeyOwner {
  keyId: string;
  teamId: string;
}

export async function findActiveKey(db: Queryable, apiKey: string): Promise<KeyOwner | null> {
  const [row] = await db.query<KeyOwner>(
    `select k.id as "keyId", k.team_id as "teamId"
       from api_keys k
      where k.key_hash = $1 and k.revoked_at is null`,
    [await sha256Hex(apiKey)],
  );
  return row ?? null;
}
