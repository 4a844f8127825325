/*
 * HS search's weighted text (hs_search_tsvector, migration 20261121000300), read closer to how
 * the nomenclature writes it:
 *
 * - The head phrase (weight A) runs to the first ';' when the text has one, else to the first
 *   ','. The nomenclature's texts say "Goods; kind, details": in "Fruit, edible; pineapples,
 *   fresh or dried" the goods are "Fruit, edible" and the kind (B) is "pineapples", where the
 *   first ',' made "edible" the kind and left "pineapples" among the details (C). In a heading
 *   that lists its goods before the ';' ("Dates, figs, pineapples, avocados…; fresh or dried")
 *   every listed good is a head word.
 * - A negation inside parentheses runs to the closing one ("cheese (not grated, powdered or
 *   processed)" excludes all three), and one outside stops at an opening parenthesis: its
 *   examples name what the code is ("string, played other than with a bow (e.g. guitars and
 *   harps)" is for guitars).
 *
 * The stored columns are computed again (dropped and added, as 20261121000300 made them).
 *
 * tariff_lines.search_chain: a national line's weighted text and, as details (weight C), that of
 * the national line above it: a 10-digit line's own text often says only how the goods are
 * packed or certified ("In containers each holding less than 0.946 liter" under "Orange juice >
 * Frozen", "Diapers and diaper liners" under "Of paper"). It is derived from other rows, so it is
 * filled by hs_national_chain_rebuild(), which the reference seed calls after it loads a tariff
 * (shared/reference/seed.ts), and once below; its GIN index is built after the rows are in.
 */
create or replace function hs_search_tsvector(description text, context text default null)
returns tsvector
language sql immutable parallel safe
as $$
  select setweight(to_tsvector('english', coalesce(part[1], '')), 'A')
      || setweight(to_tsvector('english', coalesce(part[2], '')), 'B')
      || setweight(to_tsvector('english', coalesce(part[3], '') || ' ' || c), 'C')
  from (
    select regexp_match(d, case when strpos(d, ';') > 0 then '^([^;]*);([^;,]*)[;,]?(.*)$'
                                else '^([^;,]*)[;,]?([^;,]*)[;,]?(.*)$' end) as part,
           c
      from (
        select regexp_replace(
                 regexp_replace(translate(description, '/', ' '),
                   '(?<!whether or )\m(not|other than|excluding|except)\M[^()]*(?=\))', ' ', 'gi'),
                 '(?<!whether or )\m(not|other than|excluding|except)\M[^;,(]*', ' ', 'gi') as d,
               regexp_replace(translate(coalesce(context, ''), '/', ' '),
                 '(?<!whether or )\m(not|other than|excluding|except)\M[^;,>(]*', ' ', 'gi') as c
      ) as positive
  ) as phrases
$$;

alter table hs_codes drop column search_weighted;
alter table hs_codes add column search_weighted tsvector
  generated always as (hs_search_tsvector(description)) stored;
create index hs_codes_search_weighted_idx on hs_codes using gin (search_weighted)
  with (fastupdate = off);

alter table tariff_lines drop column search_weighted;
alter table tariff_lines add column search_weighted tsvector
  generated always as (hs_search_tsvector(description, context)) stored;
create index tariff_lines_search_weighted_idx on tariff_lines using gin (search_weighted)
  with (fastupdate = off);

alter table tariff_lines add column search_chain tsvector;

create function hs_national_chain_rebuild() returns void
language plpgsql as $$
begin
  drop index if exists tariff_lines_search_chain_idx;
  update tariff_lines t
     set search_chain = t.search_weighted || setweight(coalesce(above.search_weighted, ''), 'C')
    from tariff_lines own
    left join tariff_lines above
      on above.country = own.country and above.code = own.parent and above.level >= 8
   where own.country = t.country and own.code = t.code;
  create index tariff_lines_search_chain_idx on tariff_lines using gin (search_chain)
    with (fastupdate = off);
  analyze tariff_lines;
end;
$$;

select hs_vocabulary_rebuild();
select hs_national_chain_rebuild();
