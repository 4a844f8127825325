/*
 * HS search's vocabulary (shared/hs/vocabulary.ts, shared/hs/typos.ts): the everyday words
 * people use for goods, which words the search knows, and how they are spelt.
 *
 * hs_synonyms: product words → the HS codes and nomenclature words they mean, loaded by the
 * reference seed from data/reference/hs_synonyms.csv.gz (built by scripts/hs_synonyms.ts from
 * WordNet and a curated list; provenance in data/reference/README.md). A term is found by its key,
 * the English stems of its words in order (hs_term_key): "sneakers" and "sneaker" share the key
 * "sneaker", "mobile phones" and "mobile phone" "mobil phone". Stop words keep their own spelling
 * so that a phrase keeps its shape.
 *
 * Typo tolerance: a word the search does not know ("cofee", "choclate") is read as the known
 * word nearest to it in spelling.
 * - hs_vocabulary: every lexeme (English stem, what the search indexes) of three letters or more
 *   of the HS codes' and national lines' search vectors (hs_search_tsvector, migration
 *   20261121000300) and of the everyday terms. A typed word whose stem is there is known and
 *   never corrected. Read from the stored vectors with ts_stat: a fraction of the cost of
 *   parsing the texts again.
 * - hs_spellings: the words of the HS descriptions and the everyday terms as written (lower
 *   case), each with its lexeme and the number of codes using it. Candidates for an unknown word
 *   are the spellings nearest to it by pg_trgm's distance (`<->`, answered in distance order by
 *   the GiST index); typos.ts chooses among them by edit distance, and searches the chosen
 *   word's lexeme. (The national lines' 30,000 texts add few words and would cost seconds to
 *   split: left out.)
 *
 * Both are derived from the reference data: hs_vocabulary_rebuild() refills them, called by the
 * reference seed after it loads HS data (shared/reference/seed.ts) and once below. The GiST index
 * is built after the rows are in (several times faster than row by row), on lower(word), the same
 * text, so that the equality test on word keeps using the primary key (pg_trgm 1.6's GiST answers
 * equality too, and the planner took it at a hundred times the cost). pg_trgm ships with
 * PostgreSQL (contrib) and with PGlite (shared/platform/db/pglite.ts loads it).
 */
create extension if not exists pg_trgm;

create function hs_term_key(term text) returns text
language sql immutable parallel safe
as $$
  select string_agg(coalesce((ts_lexize('english_stem', w))[1], w), ' ' order by n)
    from regexp_split_to_table(lower(term), '[^[:alnum:]]+') with ordinality as t(w, n)
   where w <> ''
$$;

create table hs_synonyms (
  term text primary key,
  codes text,
  means text,
  source text not null,
  key text generated always as (hs_term_key(term)) stored
);
create index hs_synonyms_key_idx on hs_synonyms (key);

create table hs_vocabulary (
  lexeme text primary key,
  codes integer not null
);

create table hs_spellings (
  word text primary key,
  lexeme text not null,
  codes integer not null
);

create function hs_vocabulary_rebuild() returns void
language plpgsql as $$
begin
  delete from hs_vocabulary;
  insert into hs_vocabulary (lexeme, codes)
  select word, sum(ndoc)::int
    from (
      select word, ndoc
        from ts_stat('select search_weighted from hs_codes
                      union all
                      select search_weighted from tariff_lines')
      union all
      select w, 1 from hs_synonyms cross join lateral regexp_split_to_table(key, ' ') as w
    ) lexemes
   where word ~ '^[a-z]{3,}$'
   group by word;

  drop index if exists hs_spellings_word_trgm_idx;
  delete from hs_spellings;
  insert into hs_spellings (word, lexeme, codes)
  select word, lexeme, codes
    from (
      select w as word, (ts_lexize('english_stem', w))[1] as lexeme, count(*)::int as codes
        from (
          select code as key, description as text from hs_codes
          union all
          select term, term from hs_synonyms
        ) t
       cross join lateral regexp_split_to_table(lower(t.text), '[^a-z]+') as w
       where length(w) >= 3
       group by w
    ) words
   where lexeme is not null;
  create index hs_spellings_word_trgm_idx on hs_spellings using gist (lower(word) gist_trgm_ops);
  -- Fresh statistics for the planner (PGlite has no autovacuum).
  analyze hs_vocabulary;
  analyze hs_spellings;
end;
$$;

select hs_vocabulary_rebuild();
