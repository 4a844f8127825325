/*
 * HS code search (shared/hs/search.ts): a second tsvector per code that records where each
 * word stands in the description, so that ranking can put "what the goods are" above "which
 * kind" above incidental mentions. It replaces the unweighted `search` columns of
 * 20261121000200.
 *
 * Weights (tsvector labels; search.ts scores a word 1, 0.5 or 0.25 by the best label it has):
 *   A  the head phrase, up to the first ';' or ','  ("Coffee" in "Coffee; roasted, ...")
 *   B  the next phrase                               ("roasted")
 *   C  the rest of the description, and a national line's context (the unnumbered lines
 *      above it).
 * Negated phrases are left out, from the negation to the next ',' or ';' ("not roasted or
 * decaffeinated", "other than cotton", "excluding fillets"; "whether or not" is no negation):
 * a code for what something is not must not match as if it were that ("crude petroleum" is
 * 2709, not 2710 "not crude"). '/' separates words ("cellular/wireless").
 *
 * The GIN indexes are built with fastupdate off: the seed loads the tables after this migration
 * with one bulk insert, which would otherwise leave every entry in the index's pending list.
 * Searches scan that list linearly, the planner then prefers sequential scans, and only a
 * vacuum empties it (PGlite never runs one). The cost is about a second more per load.
 */
-- The first, unweighted search columns are replaced by the weighted ones below.
drop index hs_codes_search_idx;
alter table hs_codes drop column search;
drop index tariff_lines_search_idx;
alter table tariff_lines drop column search;

create function hs_search_tsvector(description text, context text default null)
returns tsvector
language sql immutable parallel safe
as $$
  select setweight(to_tsvector('english', coalesce(substring(d from '^[^;,]*'), '')), 'A')
      || setweight(to_tsvector('english',
           coalesce(substring(d from '^[^;,]*[;,]([^;,]*)'), '')), 'B')
      || setweight(to_tsvector('english',
           regexp_replace(d, '^[^;,]*[;,]?[^;,]*[;,]?', '') || ' ' || c), 'C')
  from (
    select regexp_replace(translate(description, '/', ' '),
             '(?<!whether or )\m(not|other than|excluding|except)\M[^;,]*', ' ', 'gi') as d,
           regexp_replace(translate(coalesce(context, ''), '/', ' '),
             '(?<!whether or )\m(not|other than|excluding|except)\M[^;,>]*', ' ', 'gi') as c
  ) as positive
$$;

alter table hs_codes add column search_weighted tsvector
  generated always as (hs_search_tsvector(description)) stored;
create index hs_codes_search_weighted_idx on hs_codes using gin (search_weighted)
  with (fastupdate = off);

alter table tariff_lines add column search_weighted tsvector
  generated always as (hs_search_tsvector(description, context)) stored;
create index tariff_lines_search_weighted_idx on tariff_lines using gin (search_weighted)
  with (fastupdate = off);
