/**
 * Writes a migrated and seeded PGlite database as a tarball to the path given:
 * `deno run -A tests/support/pglite_template.ts <path>`.
 *
 * Deno runs each test file in an isolate of its own, so each opens its own in-memory database;
 * loading this copy (about 1 s) instead of migrating and loading the reference data again
 * (about 4 s) saves minutes over the suite. `deno task test` writes it once per run and names it
 * in TEST_PGLITE_TEMPLATE; tests/support/db.ts still runs prepareDatabase on the copy, which then
 * only checks that nothing is missing. It runs as a process of its own, which exits when the file
 * is written: nothing of the database is left to close.
 */
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS, wrapPglite } from "../../shared/platform/db/pglite.ts";
import { prepareDatabase } from "../../shared/platform/db/prepare.ts";

const [path] = Deno.args;
if (!path) {
  console.error("usage: deno run -A tests/support/pglite_template.ts <path>");
  Deno.exit(2);
}
const pg = new PGlite({ extensions: PGLITE_EXTENSIONS });
await pg.waitReady;
await prepareDatabase(wrapPglite(pg));
await pg.exec("vacuum");
const dump = await pg.dumpDataDir("none");
await Deno.writeFile(path, new Uint8Array(await dump.arrayBuffer()));
Deno.exit(0);
