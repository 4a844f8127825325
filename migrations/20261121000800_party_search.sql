/*
 * Party search at 100,000 parties per team: the list's total without a count scan, name indexes
 * that answer a search's checks without reading the table, and the country filter in name order
 * from an index.
 *
 * party_counts holds how many parties each team has per country, kept by statement triggers on
 * parties (one upsert per statement and country, whatever the number of rows), so the listing's
 * `total` is exact and costs one index probe instead of a scan of every party of the team.
 * Search totals are counted up to a cap by shared/parties/search.ts instead (a search's matches
 * cannot be counted ahead).
 */

create table party_counts (
  team_id uuid not null references teams (id) on delete cascade,
  country text not null,
  parties integer not null check (parties >= 0),
  primary key (team_id, country)
);

insert into party_counts (team_id, country, parties)
select team_id, country, count(*) from parties group by team_id, country;

/*
 * The triggers run as the owner (security definer): whoever may write parties keeps the counts
 * right, whatever their own rights on party_counts. Rows are taken in key order, so that two
 * statements that touch several counts lock them in the same order and cannot deadlock.
 * A decrement is an update, never an upsert: when a team is deleted, its counts may be gone
 * (cascade) before its parties are, and an insert would then point at a deleted team.
 */
create function party_counts_add() returns trigger
language plpgsql security definer set search_path from current as $$
begin
  insert into party_counts as c (team_id, country, parties)
  select team_id, country, count(*) from added group by team_id, country order by 1, 2
  on conflict (team_id, country) do update set parties = c.parties + excluded.parties;
  return null;
end;
$$;

create function party_counts_remove() returns trigger
language plpgsql security definer set search_path from current as $$
begin
  update party_counts c set parties = c.parties - gone.n
    from (select team_id, country, count(*)::int as n from removed
           group by team_id, country order by 1, 2) gone
   where c.team_id = gone.team_id and c.country = gone.country;
  return null;
end;
$$;

-- An update that keeps the team and country (nearly all of them) touches no count.
create function party_counts_move() returns trigger
language plpgsql security definer set search_path from current as $$
begin
  update party_counts c set parties = c.parties - gone.n
    from (select o.team_id, o.country, count(*)::int as n
            from removed o join added n on n.id = o.id
           where (n.team_id, n.country) is distinct from (o.team_id, o.country)
           group by o.team_id, o.country order by 1, 2) gone
   where c.team_id = gone.team_id and c.country = gone.country;
  insert into party_counts as c (team_id, country, parties)
  select n.team_id, n.country, count(*)
    from added n join removed o on o.id = n.id
   where (n.team_id, n.country) is distinct from (o.team_id, o.country)
   group by n.team_id, n.country order by 1, 2
  on conflict (team_id, country) do update set parties = c.parties + excluded.parties;
  return null;
end;
$$;

create function party_counts_clear() returns trigger
language plpgsql security definer set search_path from current as $$
begin
  delete from party_counts;
  return null;
end;
$$;

create trigger parties_count_insert after insert on parties
  referencing new table as added
  for each statement execute function party_counts_add();
create trigger parties_count_delete after delete on parties
  referencing old table as removed
  for each statement execute function party_counts_remove();
create trigger parties_count_update after update on parties
  referencing old table as removed new table as added
  for each statement execute function party_counts_move();
create trigger parties_count_truncate after truncate on parties
  for each statement execute function party_counts_clear();

alter table party_counts enable row level security;

create policy party_counts_team_read on party_counts for select
  using (team_id in (select request_team_ids()));

/*
 * The name indexes carry the name's words (INCLUDE), so that a search that walks the names in
 * order (shared/parties/search.ts) checks each name's words in the index alone (an index-only
 * scan) and reads the table only for the rows of the page. This one replaces the name index of
 * 20261121000600_parties; the second serves the list and searches within one country.
 */
drop index parties_team_name_key_idx;
create index parties_team_name_key_idx on parties (team_id, name_key, id) include (name_words);
create index parties_team_country_name_key_idx on parties (team_id, country, name_key, id)
  include (name_words);

/*
 * New names go straight into the GIN indexes rather than into their pending list, which every
 * search reads through linearly until a vacuum empties it (PGlite never vacuums; on PostgreSQL
 * it can hold megabytes between autovacuum runs). Creating a party costs a little more; a
 * search costs the same whenever it runs.
 */
alter index parties_name_words_idx set (fastupdate = off);
alter index parties_name_trigrams_idx set (fastupdate = off);
select gin_clean_pending_list('parties_name_words_idx'::regclass);
select gin_clean_pending_list('parties_name_trigrams_idx'::regclass);
