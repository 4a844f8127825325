import type { Db } from "./db.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres, type PostgresOptions } from "./postgres.ts";

export interface DbSettings {
  /** `DATABASE_URL` or `SUPABASE_DB_URL`: real PostgreSQL. */
  url?: string | undefined;
  /** Where PGlite keeps its files when no URL is set. */
  pgliteDir?: string | undefined;
  /** The pool's settings when a URL is set. */
  postgres?: PostgresOptions;
}

/** Real PostgreSQL when a URL is set, otherwise the embedded database. */
export function openDb(settings: DbSettings): Promise<Db> {
  if (settings.url) {
    return Promise.resolve(openPostgres(settings.url, settings.postgres));
  }
  return openPglite(settings.pgliteDir);
}
