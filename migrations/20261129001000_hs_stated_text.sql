/*
 * A code's own text without its negated phrases (hs_without_negations, migration
 * 20261127004000), read once when the row is stored. The word search tells apart families of one
 * heading that score alike by the words typed that this text states (shared/hs/search.ts, the
 * `keys` step); it ran the function's two regular expressions (their lookbehinds) on the text of
 * each such family on every search, about 0.07 ms a family: a millisecond on a US search of
 * common words whose page's families are many and alike. The expressions are unchanged.
 */
alter table hs_codes add column stated_text text
  generated always as (hs_without_negations(description)) stored;
alter table tariff_lines add column stated_text text
  generated always as (hs_without_negations(description)) stored;
