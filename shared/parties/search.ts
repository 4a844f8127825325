import type { Db, Queryable } from "../platform/db/db.ts";
import { foldName } from "./fold.ts";
import { PARTY_COLUMNS, type PartyRow } from "./repo.ts";

export interface PartySearch {
  search?: string | undefined;
  country?: string | null | undefined;
  limit: number;
  offset: number;
  /** Counts stop here (SEARCH_COUNT_CAP; tests lower it to reach it with little data). */
  countCap?: number;
}

export interface PartyPage {
  parties: PartyRow[];
  /** Every match, or the cap when more than that many match (`totalExact` false). */
  total: number;
  totalExact: boolean;
}

/** Substring matches need this many characters: shorter pieces match nearly every name. */
export const SUBSTRING_MIN_LENGTH = 3;

/**
 * A search counts its matches up to this many: past it, "more than 1,000" is all a person
 * paging through results needs, and counting every one of tens of thousands of matches would
 * cost more than finding the page.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * One page of a team's parties. Without a search: in name order, with the exact total (kept by
 * the database in party_counts). With one: ranked, the total counted up to SEARCH_COUNT_CAP.
 *
 * A search runs with custom plans only (plan_cache_mode): how it is best answered depends on
 * the values (a word in a tenth of the names or in three), and a prepared statement's generic
 * plan, chosen once for every value, would be wrong for one or the other. It runs without
 * parallel workers, which countTiers relies on (and which would not pay off at this size).
 */
export async function searchParties(
  db: Db,
  teamId: string,
  q: PartySearch,
): Promise<PartyPage> {
  const key = q.search ? foldName(q.search.trim()) : "";
  if (!key) return await namePage(db, teamId, q);
  return await db.transaction(async (tx) => {
    await tx.query(
      `select set_config('plan_cache_mode', 'force_custom_plan', true),
              set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return await rankedPage(tx, teamId, key, q);
  });
}

/** The list without a search: name order from the (team, [country,] name) indexes. */
async function namePage(db: Queryable, teamId: string, q: PartySearch): Promise<PartyPage> {
  const country = q.country ?? null;
  const scope: Fragment = (add) =>
    `team_id = ${add(teamId)}${country ? ` and country = ${add(country)}` : ""}`;
  const page = statement((add) => inNameOrder(scope(add), add(q.limit), add(q.offset)));
  const [parties, [count]] = await Promise.all([
    db.query<PartyRow>(page.text, page.params),
    db.query<{ total: number }>(
      `select coalesce(sum(parties), 0)::int as total from party_counts
        where team_id = $1 and ($2::text is null or country = $2)`,
      [teamId, country],
    ),
  ]);
  return { parties, total: count?.total ?? 0, totalExact: true };
}

/**
 * The parties that meet `where`, in name order, one page: the ids from the name index alone (it
 * carries what `where` checks: team, country, name key, words), then the rows of the page only.
 */
function inNameOrder(where: string, limit: string, offset: string): string {
  return `select ${PARTY_COLUMNS} from parties
           where id in (select id from parties where ${where}
                         order by name_key, id limit ${limit} offset ${offset})
           order by name_key, id`;
}

/** Adds a value to a statement's parameters and answers its placeholder (`$1`, `$2`, …). */
type Add = (value: unknown) => string;
/** Part of a statement; the parameters it uses are added to the statement it goes into. */
type Fragment = (add: Add) => string;

/** A statement's text and its parameters, numbered in the order `build` adds them. */
function statement(build: (add: Add) => string): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const text = build((value) => `$${params.push(value)}`);
  return { text, params };
}

/**
 * How a name matches a search, best first. The tiers are disjoint (each leaves out the ones
 * before it), so counts add up and pages follow on from one tier into the next.
 */
interface Tier {
  /** The match, written so that the tier's index can serve it. */
  match: Fragment;
  /** The same match as a plain filter (names walked in order get it checked one by one). */
  filter: Fragment;
  /** ` and not <filter>` of every tier before this one. */
  exclude: Fragment;
  /** The match is a range of the name index: read in name order, however many match. */
  inNameOrder: boolean;
}

/** A search: the team (and country) it looks in, and its tiers in rank order. */
interface Ranked {
  scope: Fragment;
  tiers: Tier[];
}

/**
 * The three tiers of a search key (see fold.ts), each served by an index:
 * 0. the name starts with it: a range of the (team, name_key) btree;
 * 1. the name's words start with its words: the GIN full-text index (`'mul':* & 'sch':*`);
 * 2. the name contains it (3 characters or more): the GIN trigram index, rechecked with LIKE.
 */
function rankedSearch(teamId: string, key: string, country: string | null): Ranked {
  const scope: Fragment = (add) =>
    `team_id = ${add(teamId)}${country ? ` and country = ${add(country)}` : ""}`;
  const upper = nextKey(key);
  const prefix: Fragment = upper === null
    ? (add) => `(name_key >= ${add(key)} and name_key like ${add(`${escapeLike(key)}%`)})`
    : (add) => `(name_key >= ${add(key)} and name_key < ${add(upper)})`;
  const tiers: Omit<Tier, "exclude">[] = [{ match: prefix, filter: prefix, inNameOrder: true }];
  const tsq = prefixTsQuery(key);
  if (tsq !== null) {
    const words: Fragment = (add) => `name_words @@ to_tsquery('simple', ${add(tsq)})`;
    tiers.push({ match: words, filter: words, inNameOrder: false });
  }
  if ([...key].length >= SUBSTRING_MIN_LENGTH) {
    const contains: Fragment = (add) => `name_key like ${add(`%${escapeLike(key)}%`)}`;
    tiers.push({
      inNameOrder: false,
      match: (add) =>
        `(party_trigrams(name_key) @> ${add(trigrams(key))}::text[] and ${contains(add)})`,
      filter: contains,
    });
  }
  return {
    scope,
    tiers: tiers.map((tier, i) => ({
      ...tier,
      exclude: (add) => tiers.slice(0, i).map((t) => ` and not ${t.filter(add)}`).join(""),
    })),
  };
}

/**
 * What is known of how many names a tier matches: exactly `n`, or at least `n` (the count
 * stopped at the cap in this tier, or before it, when `n` is 0).
 */
interface TierCount {
  n: number;
  exact: boolean;
}

async function rankedPage(
  db: Queryable,
  teamId: string,
  key: string,
  q: PartySearch,
): Promise<PartyPage> {
  const search = rankedSearch(teamId, key, q.country ?? null);
  const cap = q.countCap ?? SEARCH_COUNT_CAP;
  const counts = await countTiers(db, search, cap);
  const total = counts.reduce((sum, c) => sum + c.n, 0);

  const parties: PartyRow[] = [];
  let skip = q.offset;
  for (const [i, tier] of search.tiers.entries()) {
    const need = q.limit - parties.length;
    if (need === 0) break;
    let count = counts[i]!;
    if (count.exact && skip >= count.n) {
      skip -= count.n;
      continue;
    }
    // Few matches are read whole and sorted; many, by walking the names in order (tierRows).
    // Past half the cap, a tier is "many"; below, it is counted on its own to know.
    if (!tier.inNameOrder && !count.exact && count.n <= cap / 2) {
      count = await countTier(db, search.scope, tier, cap);
    }
    const rows = await tierRows(db, search.scope, tier, {
      few: count.exact && !tier.inNameOrder,
      limit: need,
      offset: skip,
    });
    parties.push(...rows);
    if (rows.length > 0) {
      skip = 0; // the page began in this tier: the next one is read from its start
    } else {
      // The page lies past this tier: skip it whole, counted exactly (only on deep pages).
      const n = count.exact ? count.n : (await countTier(db, search.scope, tier)).n;
      skip = Math.max(0, skip - n);
    }
  }
  return { parties, total: Math.min(total, cap), totalExact: total <= cap };
}

/**
 * How many names each tier matches, up to `cap` + 1 in all, in one statement. The tiers are
 * read in order and the reading stops at the cap: the tiers before the one where it stops are
 * counted exactly, the ones after it not at all (parallel workers, which could read the tiers
 * side by side, are off: see searchParties).
 */
async function countTiers(db: Queryable, search: Ranked, cap: number): Promise<TierCount[]> {
  const { text, params } = statement((add) => {
    const branches = search.tiers.map((tier, i) =>
      `(select ${i} as tier from parties
         where ${search.scope(add)} and ${tier.match(add)}${tier.exclude(add)}
         limit ${add(cap + 1)})`
    );
    return `select tier, count(*)::int as n
              from (select tier from (${branches.join(" union all ")}) matched
                     limit ${add(cap + 1)}) counted
             group by tier`;
  });
  const rows = await db.query<{ tier: number; n: number }>(text, params);
  const n = search.tiers.map((_, i) => rows.find((r) => r.tier === i)?.n ?? 0);
  const total = n.reduce((a, b) => a + b, 0);
  const stoppedAt = total > cap ? n.findLastIndex((x) => x > 0) : n.length;
  return n.map((x, i) => ({ n: x, exact: i < stoppedAt }));
}

/** How many names one tier matches, exactly, or up to `cap` + 1 when a cap is given. */
async function countTier(
  db: Queryable,
  scope: Fragment,
  tier: Tier,
  cap?: number,
): Promise<TierCount> {
  const { text, params } = statement((add) =>
    `select count(*)::int as n from (
       select 1 from parties where ${scope(add)} and ${tier.match(add)}${tier.exclude(add)}
       ${cap === undefined ? "" : `limit ${add(cap + 1)}`}) matched`
  );
  const [row] = await db.query<{ n: number }>(text, params);
  const n = row?.n ?? 0;
  return cap === undefined || n <= cap ? { n, exact: true } : { n, exact: false };
}

/**
 * One tier's rows of the page, in name order. A tier known to have few matches (under the cap)
 * is read whole through its index and sorted; a tier with many is read by walking the names in
 * order and checking each, which stops as soon as the page is full: the denser the matches,
 * the sooner.
 */
function tierRows(
  db: Queryable,
  scope: Fragment,
  tier: Tier,
  page: { few: boolean; limit: number; offset: number },
): Promise<PartyRow[]> {
  const { text, params } = statement((add) =>
    page.few
      ? `with matches as materialized (
           select ${PARTY_COLUMNS}, name_key from parties
            where ${scope(add)} and ${tier.match(add)}${tier.exclude(add)})
         select ${PARTY_COLUMNS} from matches
          order by name_key, id limit ${add(page.limit)} offset ${add(page.offset)}`
      : inNameOrder(
        `${scope(add)} and ${tier.filter(add)}${tier.exclude(add)}`,
        add(page.limit),
        add(page.offset),
      )
  );
  return db.query<PartyRow>(text, params);
}

/**
 * The least string above every string that starts with `key`, in the "C" collation (code point
 * order): the key with its last character moved one on. Null for a key ending in U+10FFFF.
 */
export function nextKey(key: string): string | null {
  const chars = [...key];
  const last = chars.pop()!.codePointAt(0)!;
  if (last >= 0x10ffff) return null;
  // Surrogates are not characters: no text holds them, so the next one after U+D7FF is U+E000.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join("") + String.fromCodePoint(next);
}

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
