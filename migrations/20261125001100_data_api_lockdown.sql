/*
 * Nothing is writable through Supabase's Data API.
 *
 * Supabase exposes schema `public` over REST (PostgREST) to the roles `anon` (the public anon or
 * publishable key) and `authenticated` (a signed-in user), and grants them every privilege on
 * every table, sequence and function created there (default privileges). The service itself
 * connects as the owner of its tables and writes as that role; nobody else ever needs to write.
 * Three walls, each enough on its own:
 *
 * 1. Privileges: every privilege on the tables, sequences and functions in `public` is revoked
 *    from anon, authenticated and PUBLIC, and the default privileges that would grant them on
 *    objects created later are revoked too. Reads are granted back where useful: reference
 *    tables to both roles, a team's own rows to `authenticated`.
 * 2. Row level security on every table, with `select` policies only: no role but the owner can
 *    insert, update or delete a row, even after a blanket `grant all` (as the issue reproduced).
 * 3. A statement trigger, `data_api_write_guard`, on every table refuses any insert, update,
 *    delete or truncate run as anon or authenticated (truncate is not subject to row level
 *    security), whatever privileges someone grants later.
 *
 * Generation counters change only inside record_generation (a row trigger checks the call
 * stack), so not even a bug in the service can move them another way.
 *
 * `data_api_lockdown()` applies walls 1 to 3 (every write privilege and every function revoked,
 * RLS, the guard) to everything in `public`; it runs after every object created there
 * (20261125001103_lockdown_new_objects.sql) and after every `deno task migrate`. A table the
 * Data API should read gets its own grant and read policy. tests/supabase/data_api_attack_test.ts attacks every
 * table and function it finds in the catalog, so one that is left open fails the suite.
 *
 * On plain PostgreSQL and PGlite the roles Supabase has are created here (without login), so
 * the same schema and the same tests hold everywhere.
 */

do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      begin
        execute format('create role %I nologin noinherit', r);
      exception when duplicate_object or unique_violation then
        null; -- another database on the same server created it at the same moment
      end;
    end if;
  end loop;
end;
$$;

-- Wall 3: refuses writes by the Data API roles, whatever their privileges.
create function data_api_write_guard() returns trigger
language plpgsql as $$
begin
  if current_user in ('anon', 'authenticated') then
    raise exception 'the Data API cannot write to %', tg_table_name
      using errcode = 'insufficient_privilege';
  end if;
  return null;
end;
$$;

-- Walls 1 to 3 for every table, sequence and function in public (extension objects aside).
create function data_api_lockdown() returns void
language plpgsql as $$
declare
  obj record;
begin
  for obj in
    select c.oid::regclass as rel, c.relkind
      from pg_class c
     where c.relnamespace = 'public'::regnamespace
       and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_class'::regclass and d.objid = c.oid
                          and d.deptype = 'e')
  loop
    if obj.relkind = 'S' then
      execute format('revoke all on sequence %s from public, anon, authenticated', obj.rel);
      continue;
    end if;
    -- Reads stay as granted (below, for the tables the Data API may read); RLS filters them.
    execute format('revoke insert, update, delete, truncate, references, trigger on table %s '
                   'from public, anon, authenticated', obj.rel);
    if obj.relkind in ('r', 'p') then
      execute format('alter table %s enable row level security', obj.rel);
      if not exists (select 1 from pg_trigger
                      where tgrelid = obj.rel and tgname = 'data_api_write_guard') then
        execute format(
          'create trigger data_api_write_guard before insert or update or delete or truncate '
          'on %s for each statement execute function data_api_write_guard()', obj.rel);
      end if;
    end if;
  end loop;

  for obj in
    select p.oid::regprocedure as fn, p.prokind
      from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and p.prokind in ('f', 'p')
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                          and d.deptype = 'e')
  loop
    execute format('revoke all on %s %s from public, anon, authenticated',
      case obj.prokind when 'p' then 'procedure' else 'function' end, obj.fn);
  end loop;
end;
$$;

-- Objects this role creates in public later start closed, as they would without Supabase.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges revoke execute on functions from public;

/*
 * Read policies. The old ones called request_team_ids(), a security definer function the Data
 * API roles could execute; these read team_members under its own policy instead, so no function
 * needs to be executable by them (the lockdown below revokes them all). `for all` policies (shipments, parties) become read-only: a
 * member could otherwise rewrite generation counts and tier limits through REST.
 */
do $$
declare
  pol record;
begin
  for pol in select policyname, tablename from pg_policies where schemaname = 'public' loop
    execute format('drop policy %I on %I', pol.policyname, pol.tablename);
  end loop;
end;
$$;

-- Not a security definer any more: it reads team_members under the caller's own policy.
alter function request_team_ids() security invoker;

-- The caller's user id, as PostgREST sets it; inline, so that no function is executable.
create policy team_members_self_read on team_members for select to authenticated
  using (user_id = (select nullif(current_setting('request.jwt.claims', true), '')::jsonb
                           ->> 'sub'));
create policy teams_member_read on teams for select to authenticated
  using (id in (select m.team_id from team_members m));

do $$
declare
  t text;
begin
  foreach t in array array[
    'shipments', 'generation_history', 'validation_records', 'document_jobs', 'outbox_events',
    'parties', 'party_counts', 'webhook_deliveries', 'webhook_delivery_attempts',
    'extraction_jobs'
  ] loop
    execute format(
      -- team_members' own policy leaves only the caller's memberships in the subquery.
      'create policy %I on %I for select to authenticated '
      'using (team_id in (select m.team_id from team_members m))',
      t || '_team_read', t);
  end loop;
  foreach t in array array[
    'tiers', 'reference_datasets', 'hs_sections', 'hs_codes', 'tariff_lines', 'unlocodes',
    'unlocode_functions', 'unlocode_statuses', 'countries', 'currencies', 'eu_member_states'
  ] loop
    execute format('create policy %I on %I for select to anon, authenticated using (true)',
      t || '_public_read', t);
  end loop;
end;
$$;

-- Once: no privilege at all on what exists; reads are granted back below, where useful.
revoke all on all tables in schema public from public, anon, authenticated;
revoke all on all sequences in schema public from public, anon, authenticated;
select data_api_lockdown();

grant select on team_members, teams, shipments, generation_history, validation_records,
  document_jobs, outbox_events, parties, party_counts, webhook_deliveries,
  webhook_delivery_attempts, extraction_jobs to authenticated;
grant select on tiers, reference_datasets, hs_sections, hs_codes, tariff_lines, unlocodes,
  unlocode_functions, unlocode_statuses, countries, currencies, eu_member_states
  to anon, authenticated;

/*
 * Generation counters: a new shipment starts at 0, and the count changes only inside
 * record_generation, whoever runs the statement (PG_CONTEXT is the call stack of PL/pgSQL).
 */
create function shipments_generation_count_guard() returns trigger
language plpgsql as $$
declare
  stack text;
begin
  if tg_op = 'INSERT' then
    if new.generation_count <> 0 then
      raise exception 'a new shipment starts with generation_count 0'
        using errcode = 'insufficient_privilege';
    end if;
    return new;
  end if;
  if new.generation_count is distinct from old.generation_count then
    get diagnostics stack = pg_context;
    if stack !~ 'function (public\.)?record_generation\(' then
      raise exception 'generation_count changes only through record_generation'
        using errcode = 'insufficient_privilege';
    end if;
  end if;
  return new;
end;
$$;

create trigger shipments_generation_count_guard before insert or update of generation_count
  on shipments for each row execute function shipments_generation_count_guard();

revoke all on function shipments_generation_count_guard() from public, anon, authenticated;
