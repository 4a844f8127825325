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
 * negated holds the lexemes that stand only in its negated phrases (those of
 * hs_without_negations, and "neither … nor …": "pepper …, neither crushed nor ground", which the
 * index still reads as words), and of each phrase only the last word of each of its alternatives
 * (split at "or", "and", "nor"): what is excluded, not the words that qualify it. 2403.19
 * ("Tobacco; smoking, other than water pipe tobacco") does not exclude "pipe tobacco".
 */
create or replace function hs_negated_words(description text) returns tsvector
language sql immutable parallel safe
as $$
  select strip(ts_delete(
           to_tsvector('english', coalesce((
             select string_agg(substring(piece from '([[:alnum:]-]+)\s*$'), ' ')
               from regexp_matches(translate(description, '/', ' '),
                      '(?<!whether or )\m(?:not|other than|excluding|except|neither)\M([^;,()]*)',
                      'gi') as m,
                    regexp_split_to_table(m[1], '\m(?:or|and|nor)\M') as piece), '')),
           tsvector_to_array(to_tsvector('english',
             regexp_replace(hs_without_negations(description), '\mneither\M[^;,()]*', ' ', 'gi')))))
$$;

alter table hs_codes add column negated tsvector
  generated always as (hs_negated_words(description)) stored;
