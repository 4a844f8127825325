import type { Queryable } from "../db/db.ts";
import { foldName } from "./fold.ts";

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

const COLUMNS = `id, name, address, city, state, postal_code, country, tax_ids, contact_email,
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
     returning ${COLUMNS}`,
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
    `select ${COLUMNS} from parties where id = $1 and team_id = $2`,
    [id, teamId],
  );
  return row ?? null;
}

/** The team's parties among `ids`, in one query (shipments reference several). */
export function findParties(db: Queryable, teamId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as PartyRow[]);
  return db.query<PartyRow>(
    `select ${COLUMNS} from parties where team_id = $1 and id = any($2::uuid[])`,
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
     returning ${COLUMNS}`,
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

export interface PartySearch {
  search?: string | undefined;
  country?: string | null | undefined;
  limit: number;
  offset: number;
}

/** Substring matches need this many characters: shorter pieces match nearly every name. */
export const SUBSTRING_MIN_LENGTH = 3;

/** LIKE's wildcards and its escape character, taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The words of a folded query as a prefix tsquery (`'muller':* & 'gmbh':*`), or null. */
function prefixTsQuery(key: string): string | null {
  const words = key.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  if (words.length === 0) return null;
  return words.map((w) => `'${w.replaceAll("\\", "\\\\").replaceAll("'", "''")}':*`).join(" & ");
}

function trigrams(key: string): string[] {
  const chars = [...key];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  return [...out];
}

/**
 * One page of a team's parties and how many match, in one query. Without a search, in name
 * order. With one, the name's folded key (see fold.ts) is matched three ways, each served by
 * an index: names that start with the query rank first, then names whose words start with the
 * query's words, then names that contain the query (3 characters or more); ties by name.
 */
export async function searchParties(
  db: Queryable,
  teamId: string,
  q: PartySearch,
): Promise<{ parties: PartyRow[]; total: number }> {
  const params: unknown[] = [teamId];
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = ["team_id = $1"];
  if (q.country) where.push(`country = ${add(q.country)}`);

  let order = "name_key, id";
  const key = q.search ? foldName(q.search.trim()) : "";
  if (key) {
    const prefix = add(`${escapeLike(key)}%`);
    const tiers = [`name_key like ${prefix}`];
    const ranks = [`when name_key like ${prefix} then 0`];
    const tsq = prefixTsQuery(key);
    if (tsq !== null) {
      const words = `name_words @@ to_tsquery('simple', ${add(tsq)})`;
      tiers.push(words);
      ranks.push(`when ${words} then 1`);
    }
    if ([...key].length >= SUBSTRING_MIN_LENGTH) {
      tiers.push(
        `(party_trigrams(name_key) @> ${add(trigrams(key))}::text[] ` +
          `and name_key like ${add(`%${escapeLike(key)}%`)})`,
      );
    }
    where.push(`(${tiers.join(" or ")})`);
    order = `case ${ranks.join(" ")} else 2 end, ${order}`;
  }

  // The count is its own scan: a window count would read and sort every match in full.
  const filter = where.join(" and ");
  const rows = await db.query<PartyRow & { total: number }>(
    `select ${COLUMNS}, (select count(*)::int from parties where ${filter}) as total
       from parties
      where ${filter}
      order by ${order}
      limit ${add(q.limit)} offset ${add(q.offset)}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    // Past the last page there is no row to carry the count: count on its own.
    const [count] = await db.query<{ total: number }>(
      `select count(*)::int as total from parties where ${filter}`,
      params.slice(0, -2),
    );
    total = count?.total ?? 0;
  }
  return { parties: rows.map(({ total: _, ...party }) => party), total };
}
