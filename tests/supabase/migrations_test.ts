/**
 * One migration history for both migrators: `supabase db push --db-url` (the Supabase CLI from
 * npm) and `deno task migrate` (shared/platform/db/migrate.ts) share the CLI's ledger, so either may run
 * first, each may run twice, and both leave the same schema.
 */
import { type Db } from "../../shared/platform/db/db.ts";
import { migrate, MIGRATIONS_DIR, readMigrations } from "../../shared/platform/db/migrate.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { supabaseDbPush } from "../support/supabase_cli.ts";
import { freshSupabaseDb } from "./supabase_db.ts";

const onPostgres = testDbKind() === "postgres";

serviceTest(`deno task migrate twice, and over an old ledger (${testDbKind()})`, async (t) => {
  const fresh = await freshSupabaseDb();
  try {
    const files = (await readMigrations(MIGRATIONS_DIR)).map((m) => m.version);
    // Supabase Storage's bucket table, as a project has it.
    await fresh.db.exec(`create schema storage;
      create table storage.buckets (id text primary key, name text not null,
                                    public boolean default false)`);
    await t.step("the first run applies every file, the second nothing", async () => {
      assertEquals((await migrate(fresh.db)).length, files.length);
      assertEquals(await migrate(fresh.db), []);
      assertEquals(await ledger(fresh.db), files);
    });
    await t.step("the private documents bucket exists where Supabase Storage does", async () => {
      assertEquals(await fresh.db.query("select id, public from storage.buckets"), [
        { id: "documents", public: false },
      ]);
    });
    await t.step("a database migrated before the shared ledger keeps its history", async () => {
      await fresh.db.exec(`
        create table public.schema_migrations (
          version text primary key, name text not null,
          applied_at timestamptz not null default now());
        insert into public.schema_migrations (version, name)
          select version, name from supabase_migrations.schema_migrations;
        drop schema supabase_migrations cascade;`);
      assertEquals(await migrate(fresh.db), []);
      assertEquals(await ledger(fresh.db), files);
      const [old] = await fresh.db.query<{ t: string | null }>(
        "select to_regclass('public.schema_migrations')::text as t",
      );
      assertEquals(old?.t, null);
    });
  } finally {
    await fresh.drop();
  }
});

Deno.test({
  name: "supabase db push and deno task migrate, in either order, twice (postgres)",
  ignore: !onPostgres,
  sanitizeOps: false,
  sanitizeResources: false,
}, async (t) => {
  const pushedFirst = await freshSupabaseDb();
  const migratedFirst = await freshSupabaseDb();
  try {
    await t.step("db push, then migrate finds nothing to do; db push again neither", async () => {
      const out = await supabaseDbPush(pushedFirst.url!);
      assert(/Applying migration 20261125001100_data_api_lockdown\.sql/.test(out), out);
      assertEquals(await migrate(pushedFirst.db), []);
      assert(/up to date/i.test(await supabaseDbPush(pushedFirst.url!)));
    });
    await t.step("migrate, then db push finds nothing to do", async () => {
      assert((await migrate(migratedFirst.db)).length > 0);
      assert(/up to date/i.test(await supabaseDbPush(migratedFirst.url!)));
      assertEquals(await migrate(migratedFirst.db), []);
    });
    await t.step("both leave the same schema", async () => {
      assertEquals(await schema(pushedFirst.db), await schema(migratedFirst.db));
    });
  } finally {
    await pushedFirst.drop();
    await migratedFirst.drop();
  }
});

async function ledger(db: Db): Promise<string[]> {
  const rows = await db.query<{ version: string }>(
    "select version from supabase_migrations.schema_migrations order by version",
  );
  return rows.map((r) => r.version);
}

/** Tables and columns, policies, triggers, functions and privileges of public. */
async function schema(db: Db): Promise<string[]> {
  const rows = await db.query<{ item: string }>(
    `select format('%s.%s %s', table_name, column_name, data_type) as item
       from information_schema.columns where table_schema = 'public'
     union all
     select format('policy %s on %s %s %s', policyname, tablename, cmd, roles::text)
       from pg_policies where schemaname = 'public'
     union all
     select format('trigger %s on %s', tgname, tgrelid::regclass) from pg_trigger
      where not tgisinternal and tgrelid::regclass::text not like '%.%'
     union all
     select format('function %s %s', oid::regprocedure, proacl::text) from pg_proc
      where pronamespace = 'public'::regnamespace
     union all
     select format('acl %s %s', oid::regclass, relacl::text) from pg_class
      where relnamespace = 'public'::regnamespace and relkind = 'r'`,
  );
  return rows.map((r) => r.item).sort();
}
