/**
 * `deno task migrate`: applies pending migrations to DATABASE_URL (or SUPABASE_DB_URL), or to
 * the embedded database under DATA_DIR. Safe to run twice, and alongside a running service on
 * PostgreSQL (an advisory lock serialises migrators).
 */
import { join } from "node:path";
import { openDb } from "../shared/db/connect.ts";
import { migrate } from "../shared/db/migrate.ts";

const url = Deno.env.get("DATABASE_URL") || Deno.env.get("SUPABASE_DB_URL") || undefined;
const dataDir = Deno.env.get("DATA_DIR") || ".data";
const db = await openDb({ url, pgliteDir: join(dataDir, "pglite"), poolSize: 1 });
try {
  const started = performance.now();
  const applied = await migrate(db);
  const where = url ? "PostgreSQL" : `PGlite (${dataDir}/pglite)`;
  const took = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s) to ${where} in ${took} s:\n  ${
        applied.join("\n  ")
      }`
      : `${where} is up to date.`,
  );
} finally {
  await db.close();
}
