import type { Queryable } from "../platform/db/db.ts";

export interface PartyRow {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
  tax_ids: Record<string, string>;
  contact_email: string | null;
  contact_phone: string | null;
  contact_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Every field a party profile has besides its id and timestamps. */
export const PARTY_FIELDS = [
  "name",
  "address",
  "city",
  "state",
  "postal_code",
  "country",
  "tax_ids",
  "contact_email",
  "contact_phone",
  "contact_name",
] as const;
export type PartyField = typeof PARTY_FIELDS[number];
export type PartyValues = { [K in PartyField]?: PartyRow[K] | null };

/** The columns of a PartyRow, in the order of the API's party. */
export const PARTY_COLUMNS =
  `id, name, address, city, state, postal_code, country, tax_ids, contact_email,
  contact_phone, contact_name, created_at, updated_at`;

/** A value as a query parameter: tax_ids go in as JSON text (see Db). */
function param(field: PartyField, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return field === "tax_ids" ? JSON.stringify(value) : value;
}

export async function insertParty(
  db: Queryable,
  teamId: string,
  values: PartyValues & { name: string; country: string },
): Promise<PartyRow> {
  const [row] = await db.query<PartyRow>(
    `insert into parties (team_id, ${PARTY_FIELDS.join(", ")})
     values ($1, ${
      PARTY_FIELDS.map((f, i) =>
        f === "tax_ids" ? `coalesce($${i + 2}::text::jsonb, '{}')` : `$${i + 2}`
      )
        .join(", ")
    })
     returning ${PARTY_COLUMNS}`,
    [teamId, ...PARTY_FIELDS.map((f) => param(f, values[f]))],
  );
  return row!;
}

export async function findParty(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<PartyRow | null> {
  const [row] = await db.query<PartyRow>(
    `select ${PARTY_COLUMNS} from parties where id = $1 and team_id = $2`,
    [id, teamId],
  );
  return row ?? null;
}

/** The team's parties among `ids`, in one query (shipments reference several). */
export function findParties(db: Queryable, teamId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as PartyRow[]);
  return db.query<PartyRow>(
    `select ${PARTY_COLUMNS} from parties where team_id = $1 and id = any($2::uuid[])`,
    [teamId, [...new Set(ids)]],
  );
}

/**
 * Changes the fields given (null clears an optional one; name and country cannot be null, the
 * request schema sees to that); answers null when the team has no such party.
 */
export async function updateParty(
  db: Queryable,
  teamId: string,
  id: string,
  changes: PartyValues,
): Promise<PartyRow | null> {
  const fields = PARTY_FIELDS.filter((f) => changes[f] !== undefined);
  const sets = fields.map((f, i) =>
    f === "tax_ids" ? `tax_ids = coalesce($${i + 3}::text::jsonb, '{}')` : `${f} = $${i + 3}`
  );
  const [row] = await db.query<PartyRow>(
    `update parties set ${sets.length ? sets.join(", ") : "name = name"}
      where id = $1 and team_id = $2
     returning ${PARTY_COLUMNS}`,
    [id, teamId, ...fields.map((f) => param(f, changes[f]))],
  );
  return row ?? null;
}

export async function deleteParty(db: Queryable, teamId: string, id: string): Promise<boolean> {
  const rows = await db.query("delete from parties where id = $1 and team_id = $2 returning id", [
    id,
    teamId,
  ]);
  return rows.length === 1;
}
