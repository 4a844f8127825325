/*
 * HS search typo tolerance (shared/hs/typos.ts): the words of the nomenclature and of the
 * national tariffs, with a trigram index, so that a word no description has ("cofee",
 * "bycicle") can be matched with the words nearest to it in spelling.
 *
 * hs_vocabulary holds every word of three letters or more of the HS descriptions and the
 * tariff lines (descriptions and contexts), lower case, with its English stem (what
 * to_tsvector('english') indexes; null for stop words) and the number of codes using it. A
 * typed word whose stem is some word's stem is known and never corrected. Candidates for an
 * unknown word come from pg_trgm's distance (`<->`, GiST k-nearest-neighbour order); the choice
 * among them is made by edit distance in typos.ts.
 *
 * The table is derived: statement triggers rebuild it whenever the tables it is made from change
 * (the reference seed replaces them in one transaction, which therefore sees the new words).
 * pg_trgm ships with PostgreSQL (contrib) and with PGlite (shared/db/pglite.ts loads it).
 */
create extension if not exists pg_trgm;

create table hs_vocabulary (
  word text primary key,
  stem text,
  codes integer not null
);
create index hs_vocabulary_word_trgm_idx on hs_vocabulary using gist (word gist_trgm_ops);
create index hs_vocabulary_stem_idx on hs_vocabulary (stem);

create function hs_vocabulary_rebuild() returns void
language plpgsql as $$
begin
  delete from hs_vocabulary;
  insert into hs_vocabulary (word, stem, codes)
  select word, (ts_lexize('english_stem', word))[1], count(*)::int
    from (
      select distinct t.key, w as word
        from (
          select code as key, description as text from hs_codes
          union all
          select country || code, coalesce(description, '') || ' ' || coalesce(context, '')
            from tariff_lines
        ) t
       cross join lateral regexp_split_to_table(lower(t.text), '[^a-z]+') as w
       where length(w) >= 3
    ) words
   group by word;
  -- Fresh statistics for the planner (PGlite has no autovacuum).
  analyze hs_vocabulary;
end;
$$;

create function hs_vocabulary_refresh() returns trigger
language plpgsql as $$
begin
  perform hs_vocabulary_rebuild();
  return null;
end;
$$;

create trigger hs_codes_vocabulary
  after insert or update or delete or truncate on hs_codes
  for each statement execute function hs_vocabulary_refresh();
create trigger tariff_lines_vocabulary
  after insert or update or delete or truncate on tariff_lines
  for each statement execute function hs_vocabulary_refresh();

select hs_vocabulary_rebuild();
