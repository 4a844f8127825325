/*
 * HS search (shared/hs/search.ts): what the ranking reads of a code's text by regular expressions,
 * read when the row is stored rather than on every family of every search: the states of
 * preparation it states, and whether it is the residual code of its kind.
 *
 * In the chapters the tariff sorts by the goods' state (shared/hs/states.ts: meat, fish, dairy,
 * vegetables, fruit and their preparations), a family whose text states a state the query does
 * not name ranks below those that state none. The search tested each candidate family's text
 * against patterns built from the query: a US search of common words has hundreds of families,
 * and those tests cost more than any other key (about 1 ms of a 5 ms search).
 *
 * hs_state_words() lists the states as the texts write them (states.ts's STATES; a test compares
 * the two). states holds those of them a code's text states outside its negated phrases ("not
 * smoked", "other than dried"), cut as the search cut them: from the negating word to the next
 * ";", "," or "(". states_fresh: whether the text says "fresh" ("Grapes; fresh or dried"). Both
 * are stored columns, computed from the description alone.
 */
create or replace function hs_state_words() returns text[]
language sql immutable parallel safe
as $$
  select array['dried', 'frozen', 'smoked', 'salted', 'brine', 'preserved', 'prepared', 'cooked']
$$;

create or replace function hs_stated_states(description text) returns text[]
language sql immutable parallel safe
as $$
  select array(
    select s
      from unnest(hs_state_words()) as s
     where regexp_replace(description, '\m(not|other than|excluding|except)\M[^;,(]*', ' ', 'gi')
           ~* ('\m' || s || '\M')
  )
$$;

alter table hs_codes
  add column if not exists states text[]
    generated always as (hs_stated_states(description)) stored,
  add column if not exists states_fresh boolean
    generated always as (description ~* '\mfresh\M') stored;

/*
 * residual: what is left of a heading or line once its named kinds are taken out, the answer when
 * the words name none of its siblings' kinds ("cheese": 0406.90). An HS text says "n.e.c."; a
 * national line's starts with "Other".
 */
alter table hs_codes
  add column if not exists residual boolean
    generated always as (description ~* 'n[.]e[.]c[.]') stored;
alter table tariff_lines
  add column if not exists residual boolean
    generated always as (description ~* '^[[:space:]]*other([^a-z]|$)') stored;
