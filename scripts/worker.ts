/**
 * `deno task worker`: a standalone worker process draining the queues of DATABASE_URL (run as
 * many as needed, on any machines). Ctrl-C lets the jobs in hand finish.
 */
import { join } from "node:path";
import { loadServiceKeys } from "../shared/auth/local_keys.ts";
import { readConfig } from "../shared/config.ts";
import { openDb } from "../shared/db/connect.ts";
import { buildDeps } from "../shared/deps.ts";
import { startDocumentWorker } from "../shared/jobs/run_worker.ts";
import { startWebhookWorker } from "../shared/webhooks/worker.ts";

const dataDir = Deno.env.get("DATA_DIR") || ".data";
const config = readConfig(Deno.env, await loadServiceKeys(Deno.env, dataDir));
if (!config.databaseUrl) {
  console.error("deno task worker needs DATABASE_URL: the embedded database has one process only");
  Deno.exit(2);
}
const db = await openDb({
  url: config.databaseUrl,
  pgliteDir: join(dataDir, "pglite"),
  poolSize: 4,
});
const deps = buildDeps(config, db);
const running = await startDocumentWorker(deps);
const webhooks = await startWebhookWorker(deps);
console.log(`${running.worker.id} draining document jobs (${config.renderThreads} render threads)`);

const stop = async () => {
  await running.stop();
  await webhooks.stop();
  await db.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", () => void stop());
Deno.addSignalListener("SIGTERM", () => void stop());
