import { join } from "node:path";
import { loadServiceKeys } from "../auth/local_keys.ts";
import { type Config, type Env, readConfig } from "../config.ts";
import { openDb } from "../db/connect.ts";
import type { Db } from "../db/db.ts";
import { localSigningEnv } from "../../documents/signing/local_certificate.ts";
import { postgresOptions } from "./edge_config.ts";

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

function openConfigured(config: Config, poolSize: number): Promise<Db> {
  return openDb({
    url: config.databaseUrl,
    pgliteDir: join(config.dataDir, "pglite"),
    postgres: postgresOptions(config, poolSize),
  });
}
