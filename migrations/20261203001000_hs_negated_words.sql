/*
 * HS search (shared/hs/search.ts): the words an HS code's text names only to exclude them.
 *
 * The index leaves negated phrases out (hs_without_negations), so a code whose text excludes a
 * word typed simply does not score for it; but it still scores for the other words and for the
 * vocabulary's codes, and came first: "decaffeinated green coffee beans" was 0901.11 ("Coffee; not
 * roasted or decaffeinated", the vocabulary's code for "coffee beans") before 0901.12 ("Coffee;
 * decaffeinated, not roasted"). A family whose HS text excludes a word typed ("knit" and 6208.21,
 * "…, of cotton (not knitted or crocheted)") now ranks below those that do not, after the head
 * rule (the `family_negates` key).
 *
 * negated holds the lexemes of the text that stand only in its negated phrases: those of
 * hs_without_negations, and "neither … nor …" ("pepper …, neither crushed nor ground": "ground
 * black pepper" is 0904.12), which the index still reads as words.
 */
create or replace function hs_negated_words(description text) returns tsvector
language sql immutable parallel safe
as $$
  select strip(ts_delete(
           to_tsvector('english', translate(description, '/', ' ')),
           tsvector_to_array(to_tsvector('english',
             regexp_replace(hs_without_negations(description), '\mneither\M[^;,()]*', ' ', 'gi')))))
$$;

alter table hs_codes add column negated tsvector
  generated always as (hs_negated_words(description)) stored;
