/**
 * `deno task migrate`: applies pending migrations and loads changed reference data into
 * DATABASE_URL (or SUPABASE_DB_URL), or into the embedded database under DATA_DIR. Safe to run
 * twice, and alongside a running service on PostgreSQL (advisory locks serialise them).
 */
import { join } from "node:path";
import { openDb } from "../shared/platform/db/connect.ts";
import { prepareDatabase } from "../shared/platform/db/prepare.ts";

const url = Deno.env.get("DATABASE_URL") || Deno.env.get("SUPABASE_DB_URL") || undefined;
const dataDir = Deno.env.get("DATA_DIR") || ".data";
const db = await openDb({ url, pgliteDir: join(dataDir, "pglite"), postgres: { max: 1 } });
try {
  const started = performance.now();
  const { migrations, seed } = await prepareDatabase(db);
  const where = url ? "PostgreSQL" : `PGlite (${dataDir}/pglite)`;
  if (migrations.length) {
    console.log(`Applied ${migrations.length} migration(s) to ${where}:`);
    for (const name of migrations) console.log(`  ${name}`);
  }
  if (seed.loaded.length) {
    const sets = seed.loaded.map((d) => `${d.name} (${d.rows} rows)`).join(", ");
    console.log(`Loaded reference data in ${seed.seconds.toFixed(2)} s: ${sets}`);
  }
  const took = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    migrations.length || seed.loaded.length ? `Done in ${took} s.` : `${where} is up to date.`,
  );
} finally {
  await db.close();
}
