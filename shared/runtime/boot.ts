import { join } from "node:path";
import { loadServiceKeys } from "../auth/local_keys.ts";
import { type Config, type Env, readConfig } from "../config.ts";
import { openDb } from "../db/connect.ts";
import type { Db } from "../db/db.ts";

/**
 * The settings and the database of a process: the gateway, an edge function or a standalone
 * worker. Keys come from the environment or, locally, from `DATA_DIR/keys.json`.
 */
export async function openConfiguredDb(
  env: Env,
  options: { poolSize?: number } = {},
): Promise<{ config: Config; db: Db }> {
  const dataDir = env.get("DATA_DIR") || ".data";
  const config = readConfig(env, await loadServiceKeys(env, dataDir));
  const db = await openDb({
    url: config.databaseUrl,
    pgliteDir: join(config.dataDir, "pglite"),
    poolSize: options.poolSize ?? config.dbPoolSize,
    connectTimeoutSeconds: config.dbConnectTimeoutSeconds,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  return { config, db };
}
