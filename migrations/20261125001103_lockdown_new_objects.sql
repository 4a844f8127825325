/*
 * Tables and functions that later migrations create in `public` are locked down as they are
 * created (data_api_lockdown(), see 20261125001100_data_api_lockdown.sql): an event trigger
 * runs it after every CREATE of a table, view, sequence or function there, so a migration need
 * not remember to. Creating an event trigger needs a superuser (Supabase's `postgres` may); where
 * it is refused this does nothing, `deno task migrate` runs data_api_lockdown() after every run
 * anyway (PGlite, whose single-user mode never fires event triggers, included), and the default
 * privileges revoked there keep new objects closed to the Data API roles.
 */
create function data_api_lockdown_created() returns event_trigger
language plpgsql as $$
begin
  if exists (select 1 from pg_event_trigger_ddl_commands() where schema_name = 'public') then
    perform data_api_lockdown();
  end if;
end;
$$;

revoke all on function data_api_lockdown_created() from public, anon, authenticated;

do $$
begin
  create event trigger data_api_lockdown_created on ddl_command_end
    when tag in ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'CREATE VIEW',
                 'CREATE MATERIALIZED VIEW', 'CREATE SEQUENCE', 'CREATE FOREIGN TABLE',
                 'CREATE FUNCTION', 'CREATE PROCEDURE')
    execute function data_api_lockdown_created();
exception when insufficient_privilege then
  raise notice 'no event trigger (not a superuser): run select data_api_lockdown() after migrations';
end;
$$;
