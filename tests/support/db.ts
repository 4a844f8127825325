import type { Db } from "../../shared/platform/db/db.ts";
import { openPglite } from "../../shared/platform/db/pglite.ts";
import { openPostgres } from "../../shared/platform/db/postgres.ts";
import { prepareDatabase } from "../../shared/platform/db/prepare.ts";

/**
 * The database of this test run, opened and migrated once per test process: PostgreSQL at
 * TEST_DATABASE_URL (a database `deno task test` created for this run alone), or PGlite in
 * memory. Tests never share rows: each seeds its own team under a random id.
 */
let shared: Promise<Db> | undefined;

export function testDb(): Promise<Db> {
  shared ??= openTestDb();
  return shared;
}

export function testDbKind(): "postgres" | "pglite" {
  return Deno.env.get("TEST_DATABASE_URL") ? "postgres" : "pglite";
}

async function openTestDb(): Promise<Db> {
  const url = Deno.env.get("TEST_DATABASE_URL");
  const db = url ? openPostgres(url, { max: 20 }) : await openPglite(undefined, await template());
  await prepareDatabase(db);
  return db;
}

/**
 * Gives a service process that a test starts on PGlite under `dir` the prepared copy, so that it
 * opens a migrated database instead of migrating and loading the reference data itself (a minute
 * and more on a slow, loaded machine, which ran past the tests' limits). Without a copy (a test
 * file run alone with `deno test`) the process prepares its database as a fresh install does.
 */
export async function seedPgliteDir(dir: string): Promise<void> {
  const copy = await template();
  if (!copy.loadDataDir) return;
  const db = await openPglite(dir, copy);
  await db.close();
}

/** The prepared copy `deno task test` made for this run, if any (see pglite_template.ts). */
async function template(): Promise<{ loadDataDir?: Blob }> {
  const path = Deno.env.get("TEST_PGLITE_TEMPLATE");
  return path ? { loadDataDir: new Blob([await Deno.readFile(path)]) } : {};
}
