import type { Queryable } from "../platform/db/db.ts";
import { codePrefix, displayCode } from "./codes.ts";
import { nationalDescription } from "./lines.ts";
import { goodsTyped, headInIng, lastWord } from "./head.ts";
import { lexiconVersion, sawLexiconVersion } from "./lexicon.ts";
import { QUANTITIES, readMeasure, readQuantity } from "./measures.ts";
import { readPacking } from "./packing.ts";
import { STATE_CHAPTERS, statesNamed } from "./states.ts";
import { type Concept, readConcepts } from "./vocabulary.ts";
import { MAX_WORDS } from "./words.ts";

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
 * The word search's answer found by counting each candidate's concepts alone, without the index
 * scans of searchByWords: the same answer, slower (tests/hs/search_paths_test.ts compares them).
 */
export async function searchHsCodesByCounting(
  db: Queryable,
  input: HsSearchInput,
): Promise<HsSearchPage> {
  return await searchByWords(db, input, 0);
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
  /** Word searches: the vocabulary's version (lexicon.ts). */
  lexicon_version?: string;
  /** Word searches: a national line one declares (not an HS code, nor a line heading others). */
  declarable?: boolean;
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
 * Search by words. The text is read as concepts (vocabulary.ts): each word or phrase typed,
 * matched as typed (stemmed), by the nomenclature's words for it, and by the HS codes the
 * everyday vocabulary says it stands for. A code matches a concept when its description has the
 * words, or when it is one of those codes or under one. The answer is the codes that match the
 * most concepts any code matches (all when some code has them all), so `total` counts those.
 * Excluded words ("not decaffeinated") select nothing; they only rank. Codes are ordered by:
 *
 * 0. families that cover the head noun (head.ts: "leather sofa" is a sofa) before those that do
 *    not, when the query has one; then those whose HS text excludes none of the words typed
 *    ("decaffeinated green coffee beans" is not 0901.11, "Coffee; not roasted or decaffeinated");
 * 1. points per concept, by where its words stand in the description (hs_search_tsvector,
 *    migration 20261121000300): 1 in the head phrase before the first `;` or `,` (what the
 *    goods are), 0.5 in the next phrase (which kind), 0.25 further on (long lists, conditions),
 *    never in a negation ("not roasted", "other than cotton"), and once however often repeated;
 *    1 more for a code the vocabulary names or one under it (the vocabulary's answer beats a
 *    word match, and the words still tell its national lines apart); a corrected typo's points
 *    times 0.75. An excluded word costs 0.5 where the description has it, and
 *    earns 0.5 where the description excludes it too ("Coffee; roasted, not decaffeinated");
 * 2. times the level: 1 for subheadings (6 digits, the usual answer), 0.45 for headings and
 *    0.3 for chapters (below a subheading that has the word in its second phrase: a heading's
 *    text names its goods first, its subheadings name the kind), 0.7 for national lines (whose
 *    texts lack the HS "Goods; kind, details" structure, so that an HS subheading comes before a
 *    national line of the same words);
 * 3. then the shorter description (fewer other things in it), then the code.
 *
 * With a country, a national line is ranked with its HS subheading when that is an answer too,
 * the family placed by its best member: first the lines one declares (10-digit lines, and
 * 8-digit lines without any: those with a unit of quantity), best first, then the subheading,
 * then the 8-digit lines that only head 10-digit ones. A national
 * line also matches through the words of its HS subheading (the tariff's own text is
 * often only "Other" or "Of cotton"), and a subheading through those of its heading, but each
 * ranks by its own text. Chapter 99 (temporary
 * additional duties, not goods) is left out of word searches. Without a country, an HS
 * subheading also matches through the goods its national lines name (LINE_POINTS).
 */
async function searchByWords(
  db: Queryable,
  input: HsSearchInput,
  maxLeftOut = MAX_LEFT_OUT,
): Promise<HsSearchPage> {
  const measured = readMeasure(input.q);
  const packed = readPacking(measured.text);
  // (a quantity without a bound, once the packing's is taken: "bottles 750 ml", "150cc")
  const quantity = readQuantity(packed.text);
  const { text } = quantity;
  const measure = measured.measure ?? packed.measure ?? quantity.measure;
  const list = await readConcepts(db, text);
  // (the head, when there is one, is the goods named last or the goods before a last word of
  // form or packing: ranked by it already, so the goods named last only without one; that word,
  // the form, ranks but is not required)
  const { head, last, form } = goodsTyped(text, list);
  const wanted = list.filter((c, i) => !c.negated && i !== form);
  if (wanted.length === 0) return { results: [], total: 0 };
  const national = input.country !== null;
  const params = [
    // JSON text rather than a text[] parameter: postgres.js can send an array before it has
    // learnt the array types of a new connection ("malformed array literal").
    JSON.stringify(list.map((c, i) => ({
      texts: [c.words, ...c.alts],
      // (the goods each wording names: its last word, "fishing nets" nets: head.ts)
      heads: [c.words, ...c.alts].map(lastWord),
      lexemes: c.lexemes,
      codes: c.negated ? [] : c.codes.filter(isVocabularyCode),
      weight: c.weight,
      negated: c.negated,
      head: i === head,
      last: i === last,
      optional: i === form,
    }))),
    input.country,
    // (with a country, at least the rows the first places are taken from: the declarable lines
    // may lie below a short page, behind the HS codes and 8-digit heads of the families above)
    national ? Math.max(input.limit, DECLARABLE_WINDOW) : input.limit,
    anyConcept(wanted),
    JSON.stringify(outermost(wanted.flatMap((c) => c.codes).filter(isVocabularyCode))),
    // Lexemes are [a-z] only (hs_vocabulary): safe as to_tsquery text.
    [...new Set(wanted.flatMap((c) => c.lexemes))].join(" | "),
    JSON.stringify({
      named: wanted.flatMap((c) => [c.words, ...c.alts]),
      typed: wanted.flatMap((c) => c.words.split(" ")),
      states: statesNamed(wanted.flatMap((c) => c.words.split(" "))),
      head_ing: head === null ? null : headInIng(list[head]),
    }),
    JSON.stringify(
      measure
        ? { ...measure, quantity: measure.quantity ? QUANTITIES[measure.quantity] : null }
        : {},
    ),
  ];
  const rows = await bestCovering(db, wanted.length, params, maxLeftOut, national);
  // No row, no version: asked apart (rare), so that a vocabulary that now knows the words is read.
  await sawLexiconVersion(db, rows[0]?.lexicon_version ?? await lexiconVersion(db));
  return toPage(national ? declarableFirst(rows).slice(0, input.limit) : rows);
}

/** The first places of a national search that go to lines one declares. */
export const DECLARABLE_PLACES = 3;

/**
 * The rows they are taken from, the same for a page of any length (a page is the start of a
 * longer one): over the labelled US queries, the third declarable line was at most 9th (an HS
 * code and an 8-digit head per family above it).
 */
export const DECLARABLE_WINDOW = 9;

/**
 * With a country, the first places go to the lines one declares, in their order: the HS
 * subheadings and 8-digit heads that were among them (each family shows its lines, then its
 * subheading, then its 8-digit heads) come after, in theirs. A family of one or two lines took two
 * of the first three places with its subheading and its head, and the next family's line, often
 * the one wanted, came 4th or 5th: "whole nutmeg" (0908.12.00.00, 0908.12, then 0908.11.00.00
 * "Neither crushed nor ground"), "adjustable wrench", "basmati rice".
 */
export function declarableFirst<T extends { declarable?: boolean }>(
  rows: readonly T[],
  places = DECLARABLE_PLACES,
  window = DECLARABLE_WINDOW,
): T[] {
  const first = rows.slice(0, window).filter((r) => r.declarable === true).slice(0, places);
  return [...first, ...rows.filter((r) => !first.includes(r))];
}

/**
 * The families' order on a page, read from the columns of `from` ("k.", "page.", or ""): the
 * families that name the goods typed as their head's, of the states typed, best scored, naming
 * the goods as goods, the last word typed, then a group's shortest first, heading by heading.
 */
function familyOrder(from: string): string {
  return [
    `${from}family_head desc`,
    `${from}family_negates`,
    `${from}family_unnamed_state`,
    `${from}family_score desc`,
    `${from}family_goods desc`,
    `${from}family_last desc`,
    `${from}group_length`,
    `left(${from}family_code, 4)`,
  ].join(", ");
}

/** Families alike in every key of that order but their length: a group (group_length, alike). */
const FAMILY_GROUP = [
  "left(family_code, 4)",
  ...[
    "family_head",
    "family_negates",
    "family_goods",
    "family_unnamed_state",
    "family_score",
    "family_last",
  ],
].join(", ");

/**
 * The query of a concept's wordings (`texts`, a jsonb array: its words and the vocabulary's, or
 * their goods words) or its lexemes: any of them, each wording's words all.
 */
function wordingsQuery(texts: string): string {
  return `(select string_agg('(' || a.q::text || ')', ' | ')
             from (select plainto_tsquery('english', a) as q
                     from jsonb_array_elements_text(${texts}) as a
                   union all
                   select to_tsquery('simple', l)
                     from jsonb_array_elements_text(t.lexemes) as l) a
            where numnode(a.q) > 0)::tsquery`;
}

/** Two queries or'ed, either of which may be null (no words, no codes). */
function eitherQuery(a: string, b: string): string {
  return `case when ${b} is null then ${a} when ${a} is null then ${b} else ${a} || ${b} end`;
}

/**
 * What a search is read as, in SQL: the concepts, the words any of them has (any_word), and the
 * codes the vocabulary gives (prefix). A concept `covers` a code when the code's search_match
 * (migration 20261126000600: its words, those of the code above it, its code prefixes as
 * lexemes) has the concept's words or one of its codes.
 */
const CONCEPTS = `concept as materialized (
       select q, weight, negated, head, last, optional, under, in_head, in_first,
              ${eitherQuery("q", "codes_q")} as covers,
              -- the goods it names, as a code's text names goods (its goods column)
              ${eitherQuery("goods_q", "codes_q")} as names
         from (
           select q, goods_q, weight, negated, head, last, optional,
                  -- the vocabulary's codes as LIKE patterns: they and the codes under them
                  array(select p || '%' from unnest(codes) as p) as under,
                  (select string_agg('hs' || p, ' | ') from unnest(codes) as p)::tsquery
                    as codes_q,
                  -- the same query restricted to weight A, and to A or B (see the migration)
                  regexp_replace(q::text, '''(?=[ )]|$)', ''':A', 'g')::tsquery as in_head,
                  regexp_replace(q::text, '''(?=[ )]|$)', ''':AB', 'g')::tsquery as in_first
             from (
               select ${wordingsQuery("t.texts")} as q,
                      ${wordingsQuery("t.heads")} as goods_q,
                      array(select jsonb_array_elements_text(t.codes)) as codes,
                      t.weight, t.negated, t.head, t.last, t.optional
                 from jsonb_to_recordset($1::text::jsonb)
                      as t(texts jsonb, heads jsonb, lexemes jsonb, codes jsonb, weight float8,
                           negated boolean, head boolean, last boolean, optional boolean)
             ) typed
            where q is not null or cardinality(codes) > 0
            limit ${MAX_WORDS}
         ) c
     ),
     -- Any concept's words, and the vocabulary's codes (those under another left out): read
     -- once, as subqueries (InitPlans), that the GIN indexes use. In a generic plan a function
     -- of parameters is not folded to a constant: written in place, it was parsed again for
     -- every row an index scan rechecked.
     any_word as (
       select any_word, any_code,
              -- both in one: one index scan of the lines, not one for each
              case when any_code is null then any_word else any_word || any_code end as any_term
         from (
           select websearch_to_tsquery('english', $4) || to_tsquery('simple', $6) as any_word,
                  (select string_agg('hs' || p, ' | ')
                     from jsonb_array_elements_text($5::text::jsonb) as p)::tsquery as any_code
         ) t
     ),
     wanted as (
       select row_number() over () as i, covers from concept where not negated and not optional
     ),
     -- Each word wanted, alone, in a code's own text (weights A and B: not its context, nor the
     -- line above): what tells apart lines that the concepts score alike (named, below).
     word as materialized (
       select distinct (quote_literal(u.lexeme) || ':AB')::tsquery as q
         from jsonb_array_elements_text($7::text::jsonb->'named') as t
        cross join lateral unnest(to_tsvector('english', t)) as u
     ),
     -- Each word typed, as typed, that is no stop word ([\p{L}\p{N}'-] only: words.ts): what tells
     -- apart subheadings whose texts differ by a word's form ("in shell", "shelled").
     typed as materialized (
       select distinct t as w
         from jsonb_array_elements_text($7::text::jsonb->'typed') as t
        where to_tsvector('english', t) <> ''::tsvector
     ),
     -- The words typed, as one query of their lexemes: what a family's text may exclude
     -- (hs_codes.negated, migration 20261203001000), null when none.
     typed_lexemes as (
       select (select string_agg(distinct quote_literal(u.lexeme), ' | ')
                 from typed cross join lateral unnest(to_tsvector('english', typed.w)) as u
              )::tsquery as q
     ),
     -- the threshold typed ("under $20": max 20; measures.ts), null where none
     measure as (
       select ($8::text::jsonb->>'min')::numeric as min, ($8::text::jsonb->>'max')::numeric as max,
              coalesce(($8::text::jsonb->>'exact')::boolean, false) as exact,
              ($8::text::jsonb->>'quantity')::numeric as quantity
     ),
     -- the states of preparation the words name (states.ts), as the texts write them
     named_states as (
       select array(select jsonb_array_elements_text($7::text::jsonb->'states')) as named
     ),
     -- the patterns of the head's "-ing" noun and of the word itself (head.ts), read
     -- once (a function of a parameter in place is read again for every family)
     patterns as (
       select $7::text::jsonb->'head_ing'->>'ing' as head_ing,
              $7::text::jsonb->'head_ing'->>'typed' as head_typed
     )`;

/**
 * The codes a search may answer with: the HS codes whose own words match a concept and the
 * national lines (of the country, chapter 99 left out: temporary additional duties, not goods)
 * whose words or whose HS subheading's do, and those that lie under the vocabulary's codes. A
 * national line's own text is often only "Other" or "In containers each holding not over 4
 * liters": under "Vodka", it is what a US importer of vodka declares, and it ranks in the family
 * of its subheading. \`cover\` is a condition on them, \`coverage\` how many
 * concepts a row covers.
 */
/**
 * The columns of a candidate row (candidates() writes them, per branch, in this order), without
 * its coverage: what the statements carry from their hits to the ranking.
 */
const CANDIDATE_COLUMNS = [
  "code",
  "level",
  "description",
  "country",
  "duty_rate",
  "context",
  "parent",
  "unit",
  "own",
  "lines",
  "search_match",
  "head_match",
  "stated_bounds",
  "states",
  "states_fresh",
  "residual",
  "goods",
];

function hits(cover: string, coverage: string, national: boolean): string {
  return `hits as (${candidates(cover, coverage, national)})`;
}

/**
 * The rows of hits, as a query: of a search without a country (HS codes) or with one (HS codes and
 * the country's lines). Statements of each kind apart: a plan's parts that never run cost their
 * start all the same.
 */
function candidates(cover: string, coverage: string, national: boolean): string {
  return national ? nationalCandidates(cover, coverage) : `
       select code, level, description, null::text as country, null::text as duty_rate,
              null::text as context, null::text as parent, null::text as unit,
              search_weighted as own, line_words as lines, search_match_lines as search_match,
              search_match_heads as head_match, stated_bounds, states, states_fresh, residual,
              goods, ${coverage} as coverage
         from hs_codes
        -- Without a country, an HS subheading is matched by the goods its national lines name
        -- too (line_words, search_match_lines: migration 20261130001000); with one, those lines
        -- are answers themselves, in the family of their subheading, which would only repeat
        -- their words.
        where (select $2::text) is null
          and (search_weighted @@ (select any_word from any_word)
               or line_words @@ (select any_word from any_word)
               or search_match_lines @@ (select any_code from any_word))
          and ${cover.replaceAll("search_match", "search_match_lines")}
     `;
}

/** The candidates of a search with a country: HS codes, and the country's lines. */
function nationalCandidates(cover: string, coverage: string): string {
  return `
       select code, level, description, null::text as country, null::text as duty_rate,
              null::text as context, null::text as parent, null::text as unit,
              search_weighted as own, null::tsvector as lines, search_match,
              search_match as head_match, stated_bounds, states, states_fresh, residual,
              goods, ${coverage} as coverage
         from hs_codes
        where (select $2::text) is not null
          and (search_weighted @@ (select any_word from any_word)
               or search_match @@ (select any_code from any_word))
          and ${cover}
       union all
       -- A national line's own text (ranked by) includes the national line above it
       -- (search_chain, migration 20261125002601); what it is matched by, its HS subheading's
       -- words too (search_match).
       select code, level, description, country, duty_rate_effective, context, parent, unit,
              search_chain, null::tsvector, search_match, search_match, stated_bounds,
              null::text[], null::boolean, residual, goods, ${coverage}
         from tariff_lines
        -- (the country as a subquery, so that a custom plan costs the scans as the generic plan
        -- does and PostgreSQL keeps the generic one: planning a word search takes as long as
        -- running it)
        where (select $2::text) is not null and country = (select $2::text) and level >= 8
          and code not like '99%'
          and search_match @@ (select any_term from any_word)
          and ${cover}
     `;
}

/**
 * How a code's own text fits the threshold or quantity typed (measures.ts): 1 when the range it
 * states holds the one typed ("Valued not over $20 each" for "under $20"; "Exceeding 90 cc but
 * not exceeding 190 cc" for "150cc"), -1 when it excludes it ("Valued over $20 each"), 0 when it
 * states none, or one of another quantity, or of a unit unknown where the query's is known, or
 * the query has none. The bounds a text states, {at most, more than, quantity}, in the quantity's
 * base unit, are read when the row is stored (stated_bounds, migration 20261201001000; a national
 * line's from its context and the 8-digit line above it too). A quantity typed without a bound
 * ("150cc") is exact: 1 inside the range, -1 outside. A bound typed without a known unit is
 * compared with any bound, as written.
 */
const MEASURE_FIT = `coalesce((
         select case
                  when m.quantity is distinct from best.stated_bounds[3] and m.quantity is not null
                    then 0
                  when m.exact then case
                    when m.max > best.stated_bounds[1] or m.max <= best.stated_bounds[2] then -1
                    when best.stated_bounds[1] is not null or best.stated_bounds[2] is not null
                      then 1
                    else 0 end
                  when m.max <= best.stated_bounds[2] or m.min >= best.stated_bounds[1] then -1
                  when m.max <= best.stated_bounds[1] or m.min >= best.stated_bounds[2] then 1
                  else 0 end
           from measure m
          where m.min is not null or m.max is not null
       ), 0)`;

/**
 * Points for a concept that an HS code's own text lacks and the goods its national lines name
 * have (line_words, migration 20261130001000: "Ladders" under 7616.99, "Dining tables" under
 * 9403.60): less than the least of its own text (0.25), so that a code whose own text has the
 * words ranks first, but points, and the code covers the concept (it can answer every word typed,
 * and name the goods: head.ts).
 */
export const LINE_POINTS = 0.2;

/** Every choice of at most $9 concepts to leave out, as arrays of their numbers in order. */
const LEFT_OUT = `left_out (out) as (
       select '{}'::bigint[]
       union all
       select out || w.i from left_out join wanted w on w.i > coalesce(out[cardinality(out)], 0)
        where cardinality(out) < $9::int
     ),`;

/**
 * The codes that cover every concept: one index scan of the concepts' conjunction. Most searches
 * end there; matchingFewer leaves concepts out when none does.
 */
function matching(national: boolean): string {
  return wordSearch(
    `enough as (
       select (select count(*) from wanted) as coverage,
              (select string_agg('(' || covers::text || ')', ' & ') from wanted)::tsquery as q
     ),
     ${hits("search_match @@ (select q from enough)", "(select coverage from enough)", national)}`,
    "hits",
  );
}

/**
 * When no code covers every concept: the codes that cover all but the fewest of them that any
 * code misses, 1, 2… up to $9, the levels read in turn until one has hits, in one statement (a
 * search that needs 2 or 3 pays no round trip, executor start or reading of its concepts again
 * per level). The hits of a level, or one empty row that asks for the next; the rows are kept
 * (a recursive CTE), which the usual search, ended at level 0 by matching, does not pay.
 */
function matchingFewer(national: boolean): string {
  return wordSearch(
    `${LEFT_OUT}
     walk as (
       select l.missing, h.*
         from ${fewer("1")} l
         left join lateral (${candidates("search_match @@ l.q", "l.coverage", national)}) h on true
       union all
       select l.missing, h.*
         from walk
        cross join lateral ${fewer("walk.missing + 1")} l
         left join lateral (${candidates("search_match @@ l.q", "l.coverage", national)}) h on true
        where walk.code is null and walk.missing < $9::int
     ),
     hits as (
       select ${CANDIDATE_COLUMNS.join(", ")}, coverage
         from walk
        where code is not null
     )`,
    "hits",
  );
}

/**
 * The query of the level with \`missing\` concepts left out: for each choice of them, the
 * conjunction of the others.
 */
function fewer(missing: string): string {
  return `(select (${missing})::int as missing,
                 (select count(*) from wanted) - (${missing}) as coverage,
                 string_agg('(' || (select string_agg('(' || covers::text || ')', ' & ')
                                      from wanted where i <> all (out)) || ')', ' | ')::tsquery
                   as q
            from left_out
           where cardinality(out) = (${missing}))`;
}

/**
 * Levels of 0 (matching), then 1, 2… (matchingFewer) concepts missing are tried while the
 * choices of concepts to leave out are at most MAX_LEFT_OUT: each an index scan, a fraction of a
 * millisecond on the labelled queries. Past that, every code any concept matches is read and its
 * concepts counted (matchingMost: 3 to 8 ms on a US search of common words).
 */
const MAX_LEFT_OUT = 120;

/**
 * The rows of matching, else of matchingFewer, else of matchingMost. Each runs as PostgreSQL's
 * plan cache chooses: with the index scans and no code ranges, every plan is
 * estimated far below jit_above_cost (5,000 at most over the labelled queries, against 100,000),
 * and its generic plan costs what a custom one does, so PostgreSQL keeps the generic one. The
 * transaction that forced the generic plan and kept JIT off (three round trips where one does)
 * cost more than it saved: backend CPU per search 0.81 -> 0.69 ms, the service's 0.58 -> 0.36 ms
 * (over the 488 labelled queries x3, load 9).
 *
 * With a country, a page of HS codes alone is no answer (NATIONAL_ANSWER): the next level is
 * read, or the concepts counted.
 */
async function bestCovering(
  db: Queryable,
  concepts: number,
  params: readonly unknown[],
  maxLeftOut: number,
  national: boolean,
): Promise<Row[]> {
  const statements = national ? STATEMENTS.national : STATEMENTS.hs;
  // The most concepts a level may leave out: fewer than all, with few choices of them.
  let deepest = -1;
  while (deepest + 1 < concepts && choose(concepts, deepest + 1) <= maxLeftOut) deepest++;
  const answers = (rows: Row[]) =>
    rows.length > 0 && !(national && rows.every((r) => r.country === null));
  if (deepest >= 0) {
    const rows = await db.query<Row>(statements.matching, params);
    if (answers(rows) || (rows.length > 0 && deepest < 1)) return rows;
  }
  if (deepest >= 1) {
    // (an HS code that covers every concept is a hit of every level: past that, counting)
    const rows = await db.query<Row>(statements.fewer, [...params, deepest]);
    if (answers(rows)) return rows;
  }
  return await db.query<Row>(statements.most, params);
}

/** n choose k. */
function choose(n: number, k: number): number {
  let out = 1;
  for (let i = 1; i <= k; i++) out = out * (n - k + i) / i;
  return out;
}

/**
 * With a country, a national line, or any code when every best code is an HS code. An HS code's
 * text covers what its heading's or chapter's words cover, words no line under it has together
 * ("cultured pearl necklaces": only chapter 71, "Natural or cultured pearls; … imitation
 * jewellery", had them all; "scented soy wax candles": chapter 34; "leather backpacks": 4202.92,
 * by heading 4202's "of leather"), and one declares a line. When a national search's best codes
 * are HS codes alone, those that cover one concept fewer answer it, with them.
 */
const NATIONAL_ANSWER = "not ((select $2::text) is not null and country is null)";

/** The codes that cover the most concepts any code covers: each code's concepts counted. */
function matchingMost(national: boolean): string {
  return wordSearch(
    `${hits("true", "0::bigint", national)},
     counted as (
       select ${CANDIDATE_COLUMNS.map((c) => `hits.${c}`).join(", ")}, m.coverage
         from hits
        cross join lateral (
          select count(*) as coverage from wanted c where hits.search_match @@ c.covers
        ) m
     )`,
    "counted",
    true,
  );
}

/** The statements of a search, without a country and with one. */
const STATEMENTS = {
  hs: { matching: matching(false), fewer: matchingFewer(false), most: matchingMost(false) },
  national: { matching: matching(true), fewer: matchingFewer(true), most: matchingMost(true) },
};

/**
 * The word search on the candidates (CTEs ending with \`from\`, with their coverage): those of the
 * highest coverage when it varies (matchingMost), all of them otherwise (one level's hits).
 */
function wordSearch(candidates: string, from: string, coverageVaries = false): string {
  return `with recursive ${CONCEPTS},
     ${candidates},
     best as (${
    coverageVaries
      // (the most concepts a code covers, with a country a national line (NATIONAL_ANSWER); the
      // codes covering more count as covering that many, as the next level reads them)
      ? `select ${CANDIDATE_COLUMNS.join(", ")}, least(coverage, top) as coverage
           from (select ${from}.*,
                        coalesce(max(coverage) filter (where ${NATIONAL_ANSWER}) over (),
                                 max(coverage) over ()) as top
                   from ${from}) b
          where coverage >= top and coverage > 0`
      : `select * from ${from} where coverage > 0`
  }),
     keyed as (
       -- (what places the families, for every row; what places a row in its family is read
       -- on the page's families only, below)
       select best.code, best.level, best.description, best.country, best.duty_rate,
              best.context, best.parent, best.own, best.states, best.states_fresh, best.residual,
              -- (float8 throughout: numeric's exact arithmetic, for every row, cost more than
              -- the tests that give the points)
              (points + 0.5::float8 * ${MEASURE_FIT})
                * case when level = 2 then 0.3::float8 when level = 4 then 0.45::float8
                       when level > 6 then 0.7::float8 else 1::float8 end as score,
              -- whether it names the goods typed (head.ts); true when the query has no head, and
              -- when the row covers every concept by its own words (all of them at level 0: no
              -- test per row; a subheading covering some through its lines' goods is tested)
              (best.coverage = (select count(*) from wanted) and best.lines is null)
                or coalesce(best.head_match @@ (select covers from concept where head), true)
                as has_head,
              -- whether it names the goods typed last (head.ts), qualified or not
              (best.coverage = (select count(*) from wanted) and best.lines is null)
                or coalesce(best.head_match @@ (select covers from concept where last), true)
                as has_last,
              -- whether its text names the goods typed as goods, not only as what qualifies
              -- other goods ("cigar holders", "parts of printers": migration 20261202003000)
              coalesce(best.goods @@ (select names from concept where head), true) as has_goods,
              -- declarable lines (they have a unit of quantity), the HS code, then the
              -- 8-digit lines that only head 10-digit ones
              case when best.country is null then 1 when coalesce(best.unit, '') <> '' then 0
                   else 2 end as place
         from best
        cross join lateral (
          select sum(c.weight * case
                   when c.negated and best.own @@ c.q then -0.5::float8
                   when c.negated and to_tsvector('english',
                          best.description || ' ' || coalesce(best.context, '')) @@ c.q then 0.5
                   when c.negated then 0
                   else case when best.code like any (c.under) then 1::float8 else 0 end
                        -- (the words anywhere first: most candidates lack some)
                        + case when not coalesce(best.own @@ c.q, false)
                                 then case when best.lines @@ c.q then ${LINE_POINTS}::float8
                                           else 0 end
                               when best.own @@ c.in_head then 1::float8
                               when best.own @@ c.in_first then 0.5
                               else 0.25 end
                   end) as points
            from concept c
        ) m
     ),
     -- A national line is ranked with its HS subheading when that is an answer too.
     in_family as materialized (
       select s.*, coalesce(h.code, s.code) as family_code,
              coalesce(h.description, s.description) as family_text,
              coalesce(h.states, s.states) as family_states,
              coalesce(h.states_fresh, s.states_fresh) as family_fresh,
              -- what is left of a heading once its named kinds are taken out (residual,
              -- migration 20261201002000): an HS text's "n.e.c.", a national line's "Other"
              coalesce(h.residual, s.residual) as family_residual
         from keyed s
         -- (the key null for an HS code: no index probe for each of its rows)
         left join hs_codes h
           on h.code = case when s.country is not null then left(s.code, 6) end
     ),
     -- The families, once each (a US search of one common word has thousands of lines and
     -- hundreds of families): placed by their best member, and first those that name the goods.
     family as (
       select family_code, family_text,
              family_residual,
              count(*) as members,
              -- (not a family whose text has the head only in its "-ing" noun: head.ts)
              bool_or(has_head)
                and not coalesce(family_text ~* (select head_ing from patterns)
                                 and not family_text ~* (select head_typed from patterns),
                                 false) as family_head,
              bool_or(has_goods) as family_goods,
              -- its state of preparation is not the query's (states.ts), where the tariff sorts
              -- the goods by it: it states one the query does not name (not "fresh or dried",
              -- nor where the vocabulary's term names the goods so prepared: "potato chips" are
              -- 2005.20), or none of those the query names ("canned mandarin oranges" are not
              -- "citrus fruit …, fresh or dried"). The states a text states, outside its
              -- negated phrases ("not smoked", "whether or not cooked"), are read when the row
              -- is stored (states, states_fresh: migration 20261201002000).
              case when not left(family_code, 2) = any ('{${STATE_CHAPTERS.join(",")}}'::text[])
                   then false
                   when cardinality((select named from named_states)) = 0
                   then coalesce(cardinality(family_states) > 0 and not family_fresh, false)
                        and not exists (select 1 from concept c
                                         where not c.negated and family_code like any (c.under))
                   else not coalesce(family_states && (select named from named_states), false)
              end as family_unnamed_state,
              -- its HS text excludes a word typed ("Coffee; not roasted or decaffeinated" for
              -- "decaffeinated green coffee beans", "(not knitted or crocheted)" for "… knit"):
              -- below the families that do not (hs_codes.negated, migration 20261203001000)
              coalesce((select x.negated @@ (select q from typed_lexemes) from hs_codes x
                         where x.code = family_code), false) as family_negates,
              max(score) as family_score, bool_or(has_last) as family_last, length(family_text) as family_length
         from in_family
        group by family_code, family_text, family_states, family_fresh, family_residual
     ),
     -- Families under one heading that score alike are placed by the shortest of them; of
     -- families that score alike for different words, those that name the goods typed last
     -- first ("wine corks" are corks).
     grouped as (
       select family.*,
              min(family_length) over (partition by ${FAMILY_GROUP}) as group_length,
              count(*) over (partition by ${FAMILY_GROUP}) as alike
         from family
     ),
     -- Only the families that can reach the page: fewer than $3 families come before them
     -- (each has a member on the page before theirs).
     placed as (
       select grouped.*, sum(members) over ()::int as total,
              rank() over (order by ${familyOrder("")}) as at
         from grouped
     ),
     -- What tells families of one heading that score alike apart, read only for those that can
     -- reach the page and share it with another one (often, for "steel"). From its text without
     -- its negated phrases, as the index reads it (stated_text, migration 20261129001000):
     -- "of textile materials (other than wool …)" is not wool. A family alone in its heading's
     -- group has them 0.
     keys as materialized (
       select placed.*,
              case when alike > 1
                   -- the words its text states: of siblings that score alike, the one that asks
                   -- for fewer properties the query did not state ("not enamelled" is not indexed)
                   then coalesce((select length(search_weighted) from hs_codes
                                   where code = placed.family_code), 0)
                   else 0 end as family_terms,
              (select count(*) from typed where stated.d ~* ('\\m' || typed.w || '\\M'))
                as family_exact
         from placed
        -- (a family of one national line, without its HS subheading, is that line; offset 0:
        -- read once per family, not again for every word typed)
        cross join lateral (
          select case when placed.alike > 1
                      then coalesce((select stated_text from hs_codes
                                      where code = placed.family_code),
                                    (select stated_text from tariff_lines
                                      where country = (select $2::text)
                                        and code = placed.family_code)) end as d
          offset 0
        ) stated
        where placed.at <= $3
     ),
     -- Of families that score alike under one heading, those with more of the words as typed,
     -- then the residual one, first. Of a family's lines that score alike, those with more of
     -- the words wanted, then the residual one, then the one that states fewer words with the
     -- lines and headings above it (search_chain): of the many "Other" lines of 2103.90, "Other >
     -- Other > Other" is what is left of the sauces, not "Other" under "Tomato-based preparations
     -- for sauces" or under "Mixed condiments … described in additional U.S. note 3".
     page as (
       select r.code, r.description, r.country, r.duty_rate, r.context, r.parent, r.place,
              r.score, (select count(*) from word where r.own @@ word.q) as named,
              length(r.own) as stated, r.residual, k.*
         from in_family r
         -- (the rows of those families only, each joined to its family's keys)
        cross join lateral (select * from keys k where k.family_code = r.family_code offset 0) k
        where r.family_code = any (array(select family_code from keys))
        order by ${familyOrder("k.")}, k.family_exact desc, k.family_residual desc,
                 k.family_terms, k.family_length, k.family_code, r.place, r.score desc,
                 named desc, residual desc, stated, length(r.description), r.code
        limit $3
     )
     select ${PAGE_COLUMNS},
            -- (a line one declares: with a unit of quantity, or without one and without lines
            -- under it, as 95 8-digit lines of watches in chapter 91; read for the page's rows
            -- only, by the primary key's range)
            page.country is not null
              and (page.place = 0
                   or (page.place = 2
                       and not exists (select 1 from tariff_lines c
                                        where c.country = page.country and c.code > page.code
                                          and c.code < page.code || ':'))) as declarable,
            (select version::text from hs_lexicon_version) as lexicon_version
       from page ${PAGE_JOINS}
      order by ${familyOrder("page.")}, page.family_exact desc, page.family_residual desc,
               page.family_terms, page.family_length, page.family_code, page.place,
               page.score desc, page.named desc,
               page.residual desc, page.stated, length(page.description), page.code`;
}

/**
 * The concepts as one websearch_to_tsquery text, `w1 or m1 or w2 …`, where websearch reads the
 * words of a concept without `or` between them as all required: the same query as the concepts'
 * together, but as a function of a parameter, so that the planner sees its words and uses the GIN
 * indexes (a query assembled inside the SQL would hide them). "or" itself is websearch's operator
 * (and a stop word): it is left out, and so are websearch's own signs (`-` excludes, `"` quotes).
 */
function anyConcept(list: readonly Concept[]): string {
  return list
    .flatMap((c) => [c.words, ...c.alts])
    .map((text) => text.replace(/"/g, " ").replace(/(^|\s)-+/g, "$1").trim())
    .filter((text) => text !== "" && text !== "or")
    .join(" or ");
}

/** A code the vocabulary may give: a heading or subheading's digits (searched as 'hs' lexemes). */
function isVocabularyCode(code: string): boolean {
  return /^\d{2,6}$/.test(code);
}

/**
 * The codes without those under another of them ("6302" covers "630231"), once each: a code
 * under another adds nothing to what the search reads.
 */
export function outermost(codes: readonly string[]): string[] {
  const unique = [...new Set(codes)];
  return unique.filter((code) => !unique.some((p) => p !== code && code.startsWith(p)));
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
