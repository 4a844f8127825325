import { requireEnvKeys } from "../auth/local_keys.ts";
import { type Config, ConfigError, type Env, readConfig } from "../config.ts";
import type { Db } from "../db/db.ts";
import { openPostgres, type PostgresOptions } from "../db/postgres.ts";

/**
 * The settings of a serverless process (a Supabase edge function, the Deno Deploy app):
 * everything from the variables the platform injects and the secrets the deployment guides
 * set (docs/deploy-supabase.md, docs/deploy-deno.md), nothing generated, nothing written. A
 * missing setting is a ConfigError naming all of them at once; `required` adds settings this
 * platform needs on top.
 *
 * This module imports no PGlite: the serverless entrypoints never bundle the embedded database.
 */
export function readEdgeConfig(env: Env, required: string[] = []): Config {
  const missing: string[] = [];
  if (!(env.get("SUPABASE_DB_URL") || env.get("DATABASE_URL"))) missing.push("SUPABASE_DB_URL");
  if (!env.get("SUPABASE_URL")) missing.push("SUPABASE_URL");
  missing.push(...required.filter((name) => !env.get(name)));
  let keys;
  try {
    keys = requireEnvKeys(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    missing.push(...e.missing);
  }
  if (missing.length || !keys) throw new ConfigError(missing);
  return readConfig(env, keys, "edge");
}

/** The serverless database: real PostgreSQL (never PGlite), DB_POOL_SIZE connections. */
export function openEdgeDb(config: Config): Db {
  return openPostgres(config.databaseUrl!, postgresOptions(config, config.dbPoolSize));
}

/** The PostgreSQL pool a configuration asks for, with `max` connections. */
export function postgresOptions(config: Config, max: number): PostgresOptions {
  return {
    max,
    prepare: config.dbPrepare,
    connectTimeoutSeconds: config.dbConnectTimeoutSeconds,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  };
}
