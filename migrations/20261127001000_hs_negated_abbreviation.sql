/*
 * HS search's weighted text (hs_search_tsvector, migration 20261125002601): a negated phrase
 * outside parentheses now takes with it the one-word parenthesis that follows it, the
 * abbreviation of what it excludes. "for use other than with light-emitting diode (LED) light
 * sources" (9405.19, the lights that are not LED) left "(LED)" in its index, so that "LED
 * ceiling light" found 9405.19 as well as 9405.11 (for use solely with LED light sources), and
 * the shorter text ranked first. A parenthesis of several words still names the goods ("played
 * other than with a bow (e.g. guitars and harps)" is for guitars).
 *
 * The stored columns are computed again (a no-op update recomputes a generated column), then
 * what is derived from them (hs_search_vectors_rebuild, migration 20261126000600).
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
                 '(?<!whether or )\m(not|other than|excluding|except)\M[^;,(]*(\([[:alnum:]-]+\))?',
                 ' ', 'gi') as d,
               regexp_replace(translate(coalesce(context, ''), '/', ' '),
                 '(?<!whether or )\m(not|other than|excluding|except)\M[^;,>(]*(\([[:alnum:]-]+\))?',
                 ' ', 'gi') as c
      ) as positive
  ) as phrases
$$;

update hs_codes set description = description;
update tariff_lines set description = description;
select hs_search_vectors_rebuild();
