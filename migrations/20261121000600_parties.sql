/*
 * Party profiles (exporter, importer, notify party, consignee), kept per team and referenced
 * from shipment data as {"party_id": "..."}.
 *
 * Name search has to stay fast at 100,000 parties per team, case- and accent-insensitive, on
 * PostgreSQL and on PGlite alike. No extension is needed (PGlite loads unaccent and pg_trgm only
 * when passed to its constructor): the name is folded by an immutable SQL function into a stored
 * column, name_key, which three indexes serve:
 * - a btree on (team_id, name_key) in the "C" collation: prefix matches (LIKE 'abc%') and the
 *   list in name order;
 * - a GIN full-text index (simple configuration) on name_key: word-prefix matches ('abc':*);
 * - a GIN index on the name's trigrams (the text[] of its 3-character pieces): substring
 *   matches of 3 characters or more, rechecked with LIKE '%abc%'.
 */

/*
 * The search key of a name: ASCII upper case and the accented letters of Latin-1 and Latin
 * Extended-A folded to plain lower case. A table rather than lower()/unaccent, so the result
 * never depends on the database's locale or extensions; shared/parties/fold.ts holds the same
 * table (a test keeps the two equal) and folds queries the same way.
 */
create function party_name_key(name text) returns text
language sql immutable strict parallel safe as $$
  select translate(
    replace(replace(replace(replace(replace(replace(replace(replace(replace(
      $1, 'Æ', 'ae'), 'Þ', 'th'), 'ß', 'ss'), 'æ', 'ae'), 'þ', 'th'), 'Ĳ', 'ij'), 'ĳ', 'ij'),
      'Œ', 'oe'), 'œ', 'oe'),
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſABCDEFGHIJKLMNOPQRSTUVWXYZ',
    'aaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzsabcdefghijklmnopqrstuvwxyz')
$$;

-- The distinct 3-character pieces of a search key (none for keys shorter than 3).
create function party_trigrams(key text) returns text[]
language sql immutable strict parallel safe as $$
  select coalesce(array_agg(distinct substr($1, i, 3)), '{}')
    from generate_series(1, length($1) - 2) as i
$$;

create table parties (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  address text,
  city text,
  state text,
  postal_code text,
  country text not null check (country ~ '^[A-Z]{2}$'),
  tax_ids jsonb not null default '{}' check (jsonb_typeof(tax_ids) = 'object'),
  contact_email text,
  contact_phone text,
  contact_name text,
  name_key text collate "C" generated always as (party_name_key(name)) stored,
  -- Stored, so that ranking reads it instead of computing it again for every match.
  name_words tsvector generated always as (to_tsvector('simple', party_name_key(name))) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Name order, with the id as the tie-break, straight from the index.
create index parties_team_name_key_idx on parties (team_id, name_key, id);
create index parties_name_words_idx on parties using gin (name_words);
create index parties_name_trigrams_idx on parties using gin (party_trigrams(name_key));

create trigger parties_updated_at before update on parties
  for each row execute function set_updated_at();

alter table parties enable row level security;

create policy parties_team on parties for all
  using (team_id in (select request_team_ids()))
  with check (team_id in (select request_team_ids()));
