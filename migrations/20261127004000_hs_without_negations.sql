/*
 * One reading of a code's text without its negated phrases, for the index and for the ranking:
 * hs_search_tsvector (migration 20261127001000) drops them before it weighs the words, and the
 * word search (shared/hs/search.ts, the family keys) counts the words a family's text states
 * without them, so that "of textile materials (other than wool …)" is not wool to either. The
 * search wrote the same two expressions again; both now call this function. Same results: the
 * index's stored vectors are unchanged, so nothing is recomputed.
 */
create or replace function hs_without_negations(description text)
returns text
language sql immutable parallel safe
as $$
  select regexp_replace(
           regexp_replace(translate(description, '/', ' '),
             '(?<!whether or )\m(not|other than|excluding|except)\M[^()]*(?=\))', ' ', 'gi'),
           '(?<!whether or )\m(not|other than|excluding|except)\M[^;,(]*(\([[:alnum:]-]+\))?',
           ' ', 'gi')
$$;

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
        select hs_without_negations(description) as d,
               regexp_replace(translate(coalesce(context, ''), '/', ' '),
                 '(?<!whether or )\m(not|other than|excluding|except)\M[^;,>(]*(\([[:alnum:]-]+\))?',
                 ' ', 'gi') as c
      ) as positive
  ) as phrases
$$;
