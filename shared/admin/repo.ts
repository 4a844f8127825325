import { issueApiKey } from "../platform/auth/api_keys.ts";
import type { Db, Queryable } from "../platform/db/db.ts";

export interface TeamRow {
  team_id: string;
  name: string;
  tier: string;
  created_at: Date;
  updated_at: Date;
}

const TEAM_COLUMNS = "id as team_id, name, tier, created_at, updated_at";

/** A team and its first API key, in one transaction. */
export function createTeam(db: Db, name: string, tier: string) {
  return db.transaction(async (tx) => {
    const [team] = await tx.query<TeamRow>(
      `insert into teams (name, tier) values ($1, $2) returning ${TEAM_COLUMNS}`,
      [name, tier],
    );
    const key = await issueApiKey(tx, team!.team_id, "initial");
    return { team_id: team!.team_id, name: team!.name, tier: team!.tier, api_key: key.api_key };
  });
}

export async function findTeam(db: Queryable, id: string): Promise<TeamRow | null> {
  const [row] = await db.query<TeamRow>(`select ${TEAM_COLUMNS} from teams where id = $1`, [id]);
  return row ?? null;
}

export async function updateTeam(
  db: Queryable,
  id: string,
  changes: { name?: string | undefined; tier?: string | undefined },
): Promise<TeamRow | null> {
  const [row] = await db.query<TeamRow>(
    `update teams set name = coalesce($2, name), tier = coalesce($3, tier)
      where id = $1 returning ${TEAM_COLUMNS}`,
    [id, changes.name ?? null, changes.tier ?? null],
  );
  return row ?? null;
}

/** Revokes a key; answers false when there is no such active key. */
export async function revokeApiKey(db: Queryable, keyId: string): Promise<boolean> {
  const rows = await db.query(
    "update api_keys set revoked_at = now() where id = $1 and revoked_at is null returning id",
    [keyId],
  );
  return rows.length === 1;
}

export async function addMember(db: Queryable, teamId: string, userId: string): Promise<void> {
  await db.query(
    `insert into team_members (team_id, user_id) values ($1, $2)
     on conflict (user_id, team_id) do nothing`,
    [teamId, userId],
  );
}

export async function removeMember(db: Queryable, teamId: string, userId: string) {
  const rows = await db.query(
    "delete from team_members where team_id = $1 and user_id = $2 returning user_id",
    [teamId, userId],
  );
  return rows.length === 1;
}
