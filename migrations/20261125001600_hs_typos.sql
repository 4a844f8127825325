/*
 * HS search typo tolerance (shared/hs/typos.ts): the words the search knows, as the English stems
 * (lexemes) it indexes, with a trigram index, so that a word it does not know ("cofee",
 * "bycicles") can be read as the known word nearest to it in spelling.
 *
 * hs_vocabulary holds every lexeme of three letters or more of the HS codes' and national lines'
 * search vectors (hs_search_tsvector, migration 20261121000300), with the number of codes and
 * lines using it. A typed word whose stem is there is known and never corrected. Candidates for
 * an unknown one come from pg_trgm's distance (`<->`, answered in distance order by the GiST
 * index); typos.ts chooses among them by edit distance.
 *
 * The table is derived from the reference data: hs_vocabulary_rebuild() refills it, called by
 * the reference seed after it loads HS data (shared/reference/seed.ts) and once below. Reading
 * the lexemes from the stored vectors with ts_stat costs a fraction of parsing the texts again;
 * the GiST index is built after the rows are in (several times faster than row by row). It
 * indexes lower(lexeme), the same text, so that an equality test on lexeme (is a word known?)
 * keeps using the primary key: pg_trgm 1.6's GiST answers equality too, and the planner, given
 * the choice, took it at a hundred times the cost.
 * pg_trgm ships with PostgreSQL (contrib) and with PGlite (shared/db/pglite.ts loads it).
 */
create extension if not exists pg_trgm;

create table hs_vocabulary (
  lexeme text primary key,
  codes integer not null
);

create function hs_vocabulary_rebuild() returns void
language plpgsql as $$
begin
  drop index if exists hs_vocabulary_lexeme_trgm_idx;
  delete from hs_vocabulary;
  insert into hs_vocabulary (lexeme, codes)
  select word, ndoc
    from ts_stat('select search_weighted from hs_codes
                  union all
                  select search_weighted from tariff_lines')
   where word ~ '^[a-z]{3,}$';
  create index hs_vocabulary_lexeme_trgm_idx on hs_vocabulary
    using gist (lower(lexeme) gist_trgm_ops);
  -- Fresh statistics for the planner (PGlite has no autovacuum).
  analyze hs_vocabulary;
end;
$$;

select hs_vocabulary_rebuild();
