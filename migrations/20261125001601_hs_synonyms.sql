/*
 * HS search's everyday vocabulary (shared/hs/vocabulary.ts): product words people use → the HS
 * codes and nomenclature words they mean, loaded by the reference seed from
 * data/reference/hs_synonyms.csv.gz (built by scripts/hs_synonyms.ts from WordNet and a curated
 * list; provenance in data/reference/README.md).
 *
 * A term is found by its key, the English stems of its words in order (hs_term_key): "sneakers"
 * and "sneaker" share the key "sneaker", "mobile phones" and "mobile phone" "mobil phone". Stop
 * words keep their own spelling so that a phrase keeps its shape.
 *
 * The vocabulary's words also join hs_vocabulary and hs_spellings (migration 20261125001600): a
 * typo of an everyday word ("sneakres") is corrected to it, and the word itself is never taken
 * for a typo.
 */
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

create or replace function hs_vocabulary_rebuild() returns void
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
  analyze hs_vocabulary;
  analyze hs_spellings;
end;
$$;
