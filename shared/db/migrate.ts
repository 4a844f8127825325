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

export const MIGRATIONS_DIR = new URL("../../migrations/", import.meta.url);

/**
 * Applies the pending migrations, each in its own transaction, and records them in
 * `schema_migrations` (the table name the Supabase CLI also uses is different, so the two never
 * fight). Safe to run twice and from several processes at once: an advisory lock serialises
 * concurrent migrators on PostgreSQL (PGlite has one connection anyway).
 */
export async function migrate(db: Db, dir: URL = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(727274001)");
    // Migrations may rewrite large tables: the requests' statement_timeout is not theirs.
    await tx.query("set local statement_timeout = 0");
    await tx.query(`create table if not exists public.schema_migrations (
      version text primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ version: string }>("select version from public.schema_migrations"))
        .map((r) => r.version),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query("insert into public.schema_migrations (version, name) values ($1, $2)", [
        m.version,
        m.name,
      ]);
      applied.push(`${m.version}_${m.name}`);
    }
    return applied;
  });
}
