/*
 * HS search (shared/hs/search.ts): what a code or national line is matched by, stored.
 *
 * A code matches a search's concept when its words, with those of the code above it, have the
 * concept's words, or when it lies under one of the codes the everyday vocabulary gives for it:
 * an HS subheading with its heading's words ("camping tent": 6306.22 says "Tents", 6306
 * "camping goods"), a national line with its HS subheading's ("Of cotton" under "T-shirts").
 * The search concatenated those tsvectors for every row a search read: on a US search of common
 * words ("perfume containing alcohol": 3,091 rows) that and testing each concept on the result
 * were two thirds of the backend's 15 ms, and such searches made the gateway's p99.
 *
 * search_match holds that text once per row, and the codes as lexemes: 'hs09', 'hs0901',
 * 'hs090121' (no English word has that form). A concept is then one tsquery, its words or its
 * codes, and the codes that match every concept of a search are one GIN index scan of the
 * concepts' conjunction, however common each word is.
 *
 * It is derived from other rows (the heading, the HS subheading), so it is filled by
 * hs_search_vectors_rebuild(), which replaces hs_national_chain_rebuild() (migration
 * 20261125002601) and also fills search_chain: the reference seed (shared/reference/seed.ts)
 * calls it after it loads HS codes or a tariff. The GIN indexes are built after the rows are in.
 * search_chain loses its GIN index: the search ranks by it (its weights) but selects by
 * search_match.
 */
alter table hs_codes add column search_match tsvector;
alter table tariff_lines add column search_match tsvector;

/** A code's HS prefixes as lexemes: '090121' → 'hs09' 'hs0901' 'hs090121'. */
create function hs_code_lexemes(code text) returns tsvector
language sql immutable parallel safe
as $$
  select array_to_tsvector(array(
    select 'hs' || left(code, n) from unnest(array[2, 4, 6]) as n where length(code) >= n
  ))
$$;

create function hs_search_vectors_rebuild() returns void
language plpgsql as $$
begin
  drop index if exists hs_codes_search_match_idx;
  drop index if exists tariff_lines_search_match_idx;
  drop index if exists tariff_lines_search_chain_idx;

  update hs_codes h
     set search_match = h.search_weighted
                     || coalesce(case when h.level = 6 then heading.search_weighted end, '')
                     || hs_code_lexemes(h.code)
    from hs_codes own
    left join hs_codes heading on heading.code = left(own.code, 4) and heading.level = 4
   where own.code = h.code;

  -- A national line's own text and, as details (C), that of the national line above it.
  update tariff_lines t
     set search_chain = t.search_weighted || setweight(coalesce(above.search_weighted, ''), 'C')
    from tariff_lines own
    left join tariff_lines above
      on above.country = own.country and above.code = own.parent and above.level >= 8
   where own.country = t.country and own.code = t.code;

  update tariff_lines t
     set search_match = t.search_chain || coalesce(sub.search_weighted, '')
                     || hs_code_lexemes(t.code)
    from tariff_lines own
    left join hs_codes sub on sub.code = left(own.code, 6)
   where own.country = t.country and own.code = t.code;

  create index hs_codes_search_match_idx on hs_codes using gin (search_match)
    with (fastupdate = off);
  create index tariff_lines_search_match_idx on tariff_lines using gin (search_match)
    with (fastupdate = off);
  analyze hs_codes;
  analyze tariff_lines;
end;
$$;

drop function hs_national_chain_rebuild();

select hs_search_vectors_rebuild();
