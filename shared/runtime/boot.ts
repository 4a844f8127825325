import { join } from "node:path";
import { loadServiceKeys, requireEnvKeys } from "../auth/local_keys.ts";
import { type Config, ConfigError, type Env, readConfig } from "../config.ts";
import { openDb } from "../db/connect.ts";
import type { Db } from "../db/db.ts";
import { localSigningEnv } from "../signing/local_certificate.ts";

/**
 * The settings and the database of a local process: the gateway or a standalone worker. Keys
 * come from the environment or, locally, from `DATA_DIR/keys.json`; so does the signing
 * certificate (`DATA_DIR/signing.json`, a development certificate made once).
 */
export async function openConfiguredDb(
  env: Env,
  options: { poolSize?: number } = {},
): Promise<{ config: Config; db: Db }> {
  const dataDir = env.get("DATA_DIR") || ".data";
  const withSigning = await localSigningEnv(env, dataDir);
  const config = readConfig(withSigning, await loadServiceKeys(env, dataDir));
  return { config, db: await openConfigured(config, options.poolSize ?? config.dbPoolSize) };
}

/**
 * The settings of an edge function: everything from the variables Supabase injects and the
 * secrets the deployment guide sets (docs/deploy-supabase.md), nothing generated, nothing
 * written. A missing setting is a ConfigError naming all of them at once.
 */
export function readEdgeConfig(env: Env): Config {
  const missing: string[] = [];
  if (!(env.get("SUPABASE_DB_URL") || env.get("DATABASE_URL"))) missing.push("SUPABASE_DB_URL");
  if (!env.get("SUPABASE_URL")) missing.push("SUPABASE_URL");
  let keys;
  try {
    keys = requireEnvKeys(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    missing.push(...e.missing);
  }
  if (missing.length || !keys) throw new ConfigError(missing);
  return { ...readConfig(env, keys), runtime: "edge" };
}

/** The edge function's database: a small pool each (isolates are many), unless DB_POOL_SIZE. */
export function openEdgeDb(env: Env, config: Config): Promise<Db> {
  return openConfigured(config, Number(env.get("DB_POOL_SIZE") || 3));
}

function openConfigured(config: Config, poolSize: number): Promise<Db> {
  return openDb({
    url: config.databaseUrl,
    pgliteDir: join(config.dataDir, "pglite"),
    poolSize,
    prepare: config.dbPrepare,
  });
}
