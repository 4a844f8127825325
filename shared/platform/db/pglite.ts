import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Db, Queryable } from "./db.ts";

/**
 * The PostgreSQL extensions the migrations create (`create extension`), which PGlite must be
 * given when it opens: pg_trgm for HS search's typo tolerance. PostgreSQL ships them in contrib.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Embedded PostgreSQL (compiled to WASM). With a directory the data is kept on disk across
 * restarts; without one it lives in memory (tests). PGlite has a single connection, so its own
 * mutex serialises statements and transactions: no two transactions ever interleave.
 */
export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Db> {
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  const pg = new PGlite({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  await pg.waitReady;
  return wrapPglite(pg);
}

function queryable(q: Pick<PGlite, "query" | "exec">): Queryable {
  return {
    copyCsv: async (table, columns, csv) => {
      // PGlite reads COPY input from a blob it exposes as the file /dev/blob.
      await q.query(
        `copy ${table} (${columns.join(", ")}) from '/dev/blob' with (format csv, header true)`,
        [],
        {
          blob: new Blob([csv]),
        },
      );
    },
    exec: async (script) => {
      await q.exec(script);
    },
    async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await q.query<T>(text, params as unknown[]);
      return result.rows;
    },
  };
}

/** The Db interface over an open PGlite. */
export function wrapPglite(pg: PGlite): Db {
  return {
    kind: "pglite",
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    listen: (channel, onNotify) => pg.listen(channel, () => onNotify()),
    close: () => pg.close(),
  };
}
