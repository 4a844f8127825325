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
import { concatBytes } from "../../shared/platform/util/bytes.ts";

const [path] = Deno.args;
if (!path) {
  console.error("usage: deno run -A tests/support/pglite_template.ts <path>");
  Deno.exit(2);
}
const pg = new PGlite({ extensions: PGLITE_EXTENSIONS });
await pg.waitReady;
await prepareDatabase(wrapPglite(pg));
await pg.exec("vacuum");
// Without a checkpoint every test file replayed the migrations' WAL when it loaded the copy
// (6.6 s instead of 3.2 s). After it, only the current WAL segment is needed: the others (recycled
// ones, 16 MiB each) are left out: the copy is 100 MB instead of 380, loaded in 1.4 s.
await pg.exec("checkpoint");
const current = await pg.query<{ name: string }>(
  "select pg_walfile_name(pg_current_wal_lsn()) as name",
);
const dump = await pg.dumpDataDir("none");
const tar = withoutOtherWalSegments(
  new Uint8Array(await dump.arrayBuffer()),
  current.rows[0]!.name,
);
await Deno.writeFile(path, tar);
Deno.exit(0);

/** The tarball without the pg_wal segment files other than `keep` (ustar: 512-byte blocks). */
function withoutOtherWalSegments(tar: Uint8Array, keep: string): Uint8Array {
  const kept: Uint8Array[] = [];
  let at = 0;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const header = tar.subarray(at, at + 512);
    const name = field(header, 0, 100);
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /pg_wal\/([0-9A-F]{24})$/.exec(name);
    if (!segment || segment[1] === keep) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(new Uint8Array(1024));
  return concatBytes(kept);
}

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const nul = bytes.indexOf(0);
  return new TextDecoder().decode(nul < 0 ? bytes : bytes.subarray(0, nul));
}
