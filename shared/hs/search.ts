import type { Queryable } from "../db/db.ts";
import { codePrefix, displayCode } from "./codes.ts";
import { nationalDescription } from "./lines.ts";
import { corrections } from "./typos.ts";
import { type Concept, concepts } from "./words.ts";

export interface HsSearchResult {
  code: string;
  description: string;
  /** The country of a national tariff line; null for an HS code (2, 4 or 6 digits). */
  country: string | null;
  chapter: string;
  duty_rate: string | null;
}

export interface HsSearchPage {
  results: HsSearchResult[];
  total: number;
}

export interface HsSearchInput {
  q: string;
  /** ISO alpha-2, upper case; national lines are included when that country's tariff is loaded. */
  country: string | null;
  limit: number;
}

/**
 * Searches HS codes, and with a country its national tariff lines: by code prefix when `q` is
 * a code in any written form (codes.ts), in code order; otherwise by words, best first.
 */
export async function searchHsCodes(db: Queryable, input: HsSearchInput): Promise<HsSearchPage> {
  const prefix = codePrefix(input.q);
  return prefix !== null ? await searchByCode(db, prefix, input) : await searchByWords(db, input);
}

/**
 * A code as paperwork writes it often has more digits than the codes that exist: a national
 * line ("0901.21.00") searched without its country, or another country's 8 or 10 digits. When
 * nothing starts with all the digits, the answer is the longest existing code they start with
 * (8, 6, 4, then 2 digits) and what lies under it.
 */
async function searchByCode(
  db: Queryable,
  digits: string,
  input: HsSearchInput,
): Promise<HsSearchPage> {
  const shorter = [8, 6, 4, 2].filter((n) => n < digits.length).map((n) => digits.slice(0, n));
  for (const prefix of [digits, ...shorter]) {
    const page = await searchByPrefix(db, prefix, input);
    if (page.total > 0) return page;
  }
  return { results: [], total: 0 };
}

interface Row {
  code: string;
  description: string;
  country: string | null;
  duty_rate: string | null;
  context: string | null;
  parent_description: string | null;
  parent_context: string | null;
  grandparent_description: string | null;
  grandparent_context: string | null;
  total: number;
}

/**
 * National lines are shown with the text of the national lines above them (8 digits and more;
 * the US tariff has at most one above a line, two are joined). Only the page's rows are joined.
 * lookup.ts follows the same links, so both describe a line alike.
 */
const PAGE_COLUMNS = `
  page.code, page.description, page.country, page.duty_rate, page.context,
  p1.description as parent_description, p1.context as parent_context,
  p2.description as grandparent_description, p2.context as grandparent_context, page.total`;
const PAGE_JOINS = `
  left join tariff_lines p1
    on p1.country = page.country and p1.code = page.parent and p1.level >= 8
  left join tariff_lines p2
    on p2.country = p1.country and p2.code = p1.parent and p2.level >= 8`;

/**
 * Codes that start with the prefix, in code order (digits order hierarchically: `0901`,
 * `090111`, `0901110015`, `090112`). The range condition uses the code indexes.
 */
async function searchByPrefix(
  db: Queryable,
  prefix: string,
  input: HsSearchInput,
): Promise<HsSearchPage> {
  const rows = await db.query<Row>(
    `with hits as (
       select code, description, null::text as country, null::text as duty_rate,
              null::text as context, null::text as parent
         from hs_codes
        where code ~>=~ $1 and code ~<~ $2
       union all
       select code, description, country, duty_rate_effective, context, parent
         from tariff_lines
        where country = $3 and level >= 8 and code ~>=~ $1 and code ~<~ $2
     ),
     page as (
       select hits.*, count(*) over ()::int as total from hits order by code limit $4
     )
     select ${PAGE_COLUMNS} from page ${PAGE_JOINS} order by page.code`,
    // ':' is the character after '9': every code starting with the prefix sorts below it.
    [prefix, `${prefix}:`, input.country, input.limit],
  );
  return toPage(rows);
}

/**
 * Search by words. Each word typed is a concept (words.ts); a code matches a concept when its
 * description has the word's stem (or the nomenclature's wording of it). The answer is the codes
 * that match the most concepts any code matches (all words when some code has them all), so
 * `total` counts those. They are ordered by:
 *
 * 1. where the words stand in the description (hs_search_tsvector, migration
 *    20261121000300): each word counts 1 in the head phrase before the first `;` or `,` (what
 *    the goods are), 0.5 in the next phrase (which kind), 0.25 further on (long lists,
 *    conditions), never in a negation ("not roasted", "other than cotton"), and once however
 *    often it is repeated;
 * 2. times the level: 1 for subheadings (6 digits, the usual answer), 0.8 for headings, 0.6
 *    for chapters, 0.7 for national lines (whose texts lack the HS "Goods; kind, details"
 *    structure, so that an HS subheading comes before a national line of the same words);
 * 3. then the shorter description (fewer other things in it), then the code.
 *
 * A national line also matches through the words of its HS subheading (the tariff's own text is
 * often only "Other" or "Of cotton"), but ranks by its own text. Chapter 99 (temporary
 * additional duties, not goods) is left out of word searches.
 */
async function searchByWords(db: Queryable, input: HsSearchInput): Promise<HsSearchPage> {
  const list = await withCorrections(db, concepts(input.q));
  if (list.length === 0) return { results: [], total: 0 };
  const rows = await db.query<Row>(
    `with concept as materialized (
       select q, weight,
              -- the same query restricted to weight A, and to A or B (see the migration)
              regexp_replace(q::text, '''(?=[ )]|$)', ''':A', 'g')::tsquery as in_head,
              regexp_replace(q::text, '''(?=[ )]|$)', ''':AB', 'g')::tsquery as in_first
         from (
           select case when m = '' then plainto_tsquery('english', w)
                       else plainto_tsquery('english', w) || plainto_tsquery('english', m)
                  end as q,
                  weight
             from jsonb_to_recordset($1::text::jsonb) as t(w text, m text, weight float8)
         ) typed
        where numnode(q) > 0
     ),
     hs_hits as materialized (
       select code, level, description, search_weighted
         from hs_codes
        where search_weighted @@ websearch_to_tsquery('english', $4)
     ),
     hits as (
       select code, level, description, null::text as country, null::text as duty_rate,
              null::text as context, null::text as parent,
              search_weighted as own, search_weighted as matched
         from hs_hits
       union all
       -- A national line's HS subheading adds its words only if it matched a concept itself.
       select t.code, t.level, t.description, t.country, t.duty_rate_effective, t.context,
              t.parent, t.search_weighted, t.search_weighted || coalesce(s.search_weighted, '')
         from tariff_lines t
         left join hs_hits s on s.code = left(t.code, 6)
        where t.country = $2 and t.level >= 8 and t.code not like '99%'
          and t.search_weighted @@ websearch_to_tsquery('english', $4)
     ),
     covered as (
       select hits.*, m.coverage
         from hits
        cross join lateral (
          select count(*) as coverage from concept c where hits.matched @@ c.q
        ) m
     ),
     best as (
       select covered.*, max(coverage) over () as top from covered
     ),
     scored as (
       select best.*, count(*) over ()::int as total,
              points * case when level = 2 then 0.6 when level = 4 then 0.8
                            when level > 6 then 0.7 else 1.0 end as score
         from best
        cross join lateral (
          select sum(c.weight * case when best.own @@ c.in_head then 1.0
                                     when best.own @@ c.in_first then 0.5
                                     when best.own @@ c.q then 0.25
                                     else 0 end) as points
            from concept c
        ) m
        where coverage = top and coverage > 0
     ),
     page as (
       select * from scored order by score desc, length(description), code limit $3
     )
     select ${PAGE_COLUMNS} from page ${PAGE_JOINS}
      order by page.score desc, length(page.description), page.code`,
    [
      // JSON text rather than a text[] parameter: postgres.js can send an array before it has
      // learnt the array types of a new connection ("malformed array literal").
      JSON.stringify(list.map((c) => ({ w: c.words, m: c.means, weight: c.weight }))),
      input.country,
      input.limit,
      anyConcept(list),
    ],
  );
  return toPage(rows);
}

interface WeightedConcept extends Concept {
  /** 1, or CORRECTED_WEIGHT when the word is a typo read as the nomenclature's word. */
  weight: number;
}

/** A corrected word counts less than a word typed right, so exact matches rank first. */
const CORRECTED_WEIGHT = 0.75;

/** The concepts, a word no description knows replaced by its correction (typos.ts). */
async function withCorrections(
  db: Queryable,
  list: readonly Concept[],
): Promise<WeightedConcept[]> {
  const fixed = await corrections(db, list.filter((c) => c.means === "").map((c) => c.words));
  return list.map((c) => {
    const correction = c.means === "" ? fixed.get(c.words) : undefined;
    return correction === undefined
      ? { ...c, weight: 1 }
      : { ...c, means: correction, weight: CORRECTED_WEIGHT };
  });
}

/**
 * The concepts as one websearch_to_tsquery text, `w1 or m1 or w2 …`, where websearch reads the
 * words of a concept without `or` between them as all required: the same query as the concepts'
 * together, but as a function of a parameter, so that the planner sees its words and uses the GIN
 * indexes (a query assembled inside the SQL would hide them). "or" itself is websearch's operator
 * (and a stop word): it is left out.
 */
function anyConcept(list: readonly Concept[]): string {
  return list
    .flatMap((c) => [c.words, c.means])
    .filter((text) => text !== "" && text !== "or")
    .join(" or ");
}

function toPage(rows: Row[]): HsSearchPage {
  return {
    results: rows.map((r) => ({
      code: displayCode(r.code),
      description: r.country === null ? r.description : nationalDescription([
        { description: r.grandparent_description, context: r.grandparent_context },
        { description: r.parent_description, context: r.parent_context },
        { description: r.description, context: r.context },
      ]),
      country: r.country,
      chapter: r.code.slice(0, 2),
      duty_rate: r.duty_rate,
    })),
    total: rows[0]?.total ?? 0,
  };
}
