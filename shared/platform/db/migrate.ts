import type { Db } from "./db.ts";

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

/** Reads `YYYYMMDDHHMMSS_name.sql` files from a folder, in version order. */
export async function readMigrations(dir: URL): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const match = entry.isFile ? MIGRATION_FILE.exec(entry.name) : null;
    if (!match) continue;
    const sql = await Deno.readTextFile(new URL(entry.name, dir));
    migrations.push({ version: match[1]!, name: match[2]!, sql });
  }
  return migrations.sort((a, b) => a.version.localeCompare(b.version));
}

export const MIGRATIONS_DIR = new URL("../../../migrations/", import.meta.url);

/**
 * Applies the pending migrations, each in its own transaction, and records them in the Supabase
 * CLI's ledger, `supabase_migrations.schema_migrations (version, statements, name)`, so that
 * `supabase db push` and `deno task migrate` see the same history: either runs after the other,
 * in either order, and finds nothing left to do. A database migrated before this ledger was
 * shared (its history in `public.schema_migrations`) has that history moved over first.
 * Safe to run twice and from several processes at once: an advisory lock serialises concurrent
 * migrators on PostgreSQL (PGlite has one connection anyway).
 */
export async function migrate(db: Db, dir: URL = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(727274001)");
    // Migrations may rewrite large tables: the requests' statement_timeout is not theirs.
    await tx.query("set local statement_timeout = 0");
    await tx.exec(LEDGER);
    const done = new Set(
      (await tx.query<{ version: string }>(
        "select version from supabase_migrations.schema_migrations",
      )).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query(
        `insert into supabase_migrations.schema_migrations (version, statements, name)
         values ($1, array[$2::text], $3)`,
        [m.version, m.sql, m.name],
      );
      applied.push(`${m.version}_${m.name}`);
    }
    // Whatever the migrations created in public is closed to Supabase's Data API roles, also
    // where the event trigger that does it on creation cannot fire (PGlite's single-user mode).
    const [lockdown] = await tx.query<{ f: string | null }>(
      "select to_regprocedure('public.data_api_lockdown()')::text as f",
    );
    if (lockdown?.f) await tx.query("select data_api_lockdown()");
    return applied;
  });
}

/** The Supabase CLI's ledger (as `supabase db push` creates it), and the old one moved in. */
const LEDGER = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text not null primary key,
  statements text[],
  name text
);
do $$
begin
  if to_regclass('public.schema_migrations') is not null then
    insert into supabase_migrations.schema_migrations (version, name)
    select version, name from public.schema_migrations
    on conflict (version) do nothing;
    drop table public.schema_migrations;
  end if;
end;
$$;
`;
