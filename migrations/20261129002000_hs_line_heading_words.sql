/*
 * HS search (shared/hs/search.ts): a national line is matched by the goods its heading names.
 *
 * An HS subheading is matched by its own words and its heading's (migration 20261126000600), a
 * national line only by its own, the line above it and its HS subheading's own: "electric
 * toasters" (US) found the HS subheading 8516.72 ("Electro-thermic appliances; toasters", under
 * 8516 "Electric instantaneous or storage water heaters …") with both words, but not the line
 * 8516.72.00.00 ("Toasters") that a US importer declares, which had one; "wooden clothes hangers"
 * found 4421.10 (under 4421 "Other articles of wood") and not its line "Clothes hangers".
 *
 * A line now also has its heading's goods, the heading's words of weight A (hs_search_tsvector:
 * the phrase before the first ";" or ","), not the rest: a heading lists the kinds and states
 * its subheadings choose among ("Fish fillets and other fish meat …, fresh, chilled or frozen"),
 * and with them the frozen haddock lines (0304.72) matched "fresh haddock fillets" as well as the
 * fresh ones (0304.44). The line still ranks by its own text (search_chain).
 */
create or replace function hs_search_vectors_rebuild() returns void
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

  -- Its HS subheading's words, and the goods its heading names (weight A): not the heading's
  -- kinds and conditions, which its subheadings choose among ("fresh, chilled or frozen").
  update tariff_lines t
     set search_match = t.search_chain || coalesce(sub.search_weighted, '')
                     || coalesce(ts_filter(heading.search_weighted, '{a}'), '')
                     || hs_code_lexemes(t.code)
    from tariff_lines own
    left join hs_codes sub on sub.code = left(own.code, 6)
    left join hs_codes heading on heading.code = left(own.code, 4) and heading.level = 4
   where own.country = t.country and own.code = t.code;

  create index hs_codes_search_match_idx on hs_codes using gin (search_match)
    with (fastupdate = off);
  create index tariff_lines_search_match_idx on tariff_lines using gin (search_match)
    with (fastupdate = off);
  analyze hs_codes;
  analyze tariff_lines;
end;
$$;

select hs_search_vectors_rebuild();
