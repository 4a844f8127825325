import type { Db } from "../../shared/platform/db/db.ts";
import { openPglite } from "../../shared/platform/db/pglite.ts";
import { openPostgres } from "../../shared/platform/db/postgres.ts";
import { testDb } from "../support/db.ts";

/** The roles PostgREST switches to (anon key, user JWT) and Supabase's admin role. */
export const API_ROLES = ["anon", "authenticated", "service_role"] as const;

/**
 * What a new Supabase project has before the first migration: the API roles, usage on `public`,
 * and default privileges that grant them everything created there (supabase/postgres's
 * `roles.sql` and `default-privileges`). Run as the role that will apply the migrations.
 */
export const SUPABASE_PROJECT_SETUP = `
do $$
declare r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      begin
        execute format('create role %I nologin noinherit', r);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
end $$;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
`;

/** What the issue reproduced on a migrated database: a blanket grant of everything. */
export const BLANKET_GRANT = `
grant usage on schema public to anon, authenticated, service_role;
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
grant all on all functions in schema public to anon, authenticated, service_role;
`;

/**
 * An empty database of its own (PostgreSQL: a new database next to the run's; PGlite: a new
 * instance in memory) set up as a new Supabase project, for tests that must migrate from
 * scratch. `drop` closes and removes it.
 */
export async function freshSupabaseDb(): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  const base = Deno.env.get("TEST_DATABASE_URL");
  if (!base) {
    const db = await openPglite();
    await db.exec(SUPABASE_PROJECT_SETUP);
    return { db, drop: () => db.close() };
  }
  const admin = await testDb();
  const name = `supabase_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await admin.exec(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 4 });
  await db.exec(SUPABASE_PROJECT_SETUP);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      await admin.exec(`drop database if exists ${name} with (force)`);
    },
  };
}
