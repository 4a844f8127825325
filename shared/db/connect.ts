import type { Db } from "./db.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";

export interface DbSettings {
  /** `DATABASE_URL` or `SUPABASE_DB_URL`: real PostgreSQL. */
  url?: string | undefined;
  /** Where PGlite keeps its files when no URL is set. */
  pgliteDir?: string | undefined;
  poolSize?: number | undefined;
  /** Prepared statements (off behind a transaction pooler). */
  prepare?: boolean | undefined;
  connectTimeoutSeconds?: number | undefined;
  statementTimeoutMs?: number | undefined;
}

/** Real PostgreSQL when a URL is set, otherwise the embedded database. */
export function openDb(settings: DbSettings): Promise<Db> {
  if (settings.url) {
    return Promise.resolve(openPostgres(settings.url, {
      max: settings.poolSize ?? 10,
      prepare: settings.prepare ?? true,
      connectTimeoutSeconds: settings.connectTimeoutSeconds,
      statementTimeoutMs: settings.statementTimeoutMs,
    }));
  }
  return openPglite(settings.pgliteDir);
}
