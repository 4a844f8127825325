/*
 * The bounds a code's own text states, read once when the row is stored: {at most, more than}
 * ("Of a capacity not exceeding 184 liters": {184, null}; "Valued over $20 each": {null, 20}),
 * null when the text has no digit. The word search compares them with the threshold typed
 * (shared/hs/search.ts, MEASURE_FIT); it ran these regular expressions on every row of every
 * search with a threshold, about 0.1 ms a row (their lookbehinds): several milliseconds on a US
 * search of hundreds of lines. The expressions are the search's, unchanged.
 *
 * The tariff writes its bounds as "not over / not exceeding / not more than / less than / under
 * N" and "N or less" (at most), "over / exceeding / more than / not less than / at least N" and
 * "N or more" (more than); a bound inside "other than …" or "excluding …" is the excluded
 * goods', not the code's. Thousands written "1,500" lose the separator (twice for "1,500,000").
 */
create function hs_stated_bounds(description text) returns numeric[]
language sql immutable parallel safe
as $$
  select case when description ~ '[0-9]' then array[
           coalesce(
             substring(d from '(?:not over|not exceeding|not more than|(?<!not )less than|(?<!not )under|up to) *(?:us)?[$]? *([0-9]+(?:[.][0-9]+)?)'),
             substring(d from '([0-9]+(?:[.][0-9]+)?) *[^ ]* +or less'))::numeric,
           coalesce(
             substring(d from '(?:(?<!not )over|(?<!not )exceeding|(?<!not )more than|not less than|at least) *(?:us)?[$]? *([0-9]+(?:[.][0-9]+)?)'),
             substring(d from '([0-9]+(?:[.][0-9]+)?) *[^ ]* +or more'))::numeric
         ] end
    from (select regexp_replace(regexp_replace(regexp_replace(lower(description),
                   '\m(other than|excluding|except)\M[^;]*', ' ', 'g'),
                   '([0-9]),([0-9]{3})', '\1\2', 'g'),
                   '([0-9]),([0-9]{3})', '\1\2', 'g') as d) t
$$;

alter table hs_codes add column stated_bounds numeric[]
  generated always as (hs_stated_bounds(description)) stored;
alter table tariff_lines add column stated_bounds numeric[]
  generated always as (hs_stated_bounds(description)) stored;
