/**
 * `deno task worker`: a standalone worker process draining the queues of DATABASE_URL (run as
 * many as needed, on any machines). Ctrl-C lets the jobs in hand finish.
 */
import { buildDeps } from "../shared/deps.ts";
import { openConfiguredDb } from "../shared/platform/runtime/boot.ts";
import { workerStorageProblem } from "../shared/platform/runtime/worker_storage.ts";
import { startDocumentWorker } from "../shared/documents/jobs/run_worker.ts";
import { startWebhookWorker } from "../shared/webhooks/worker.ts";
import { startExtractionWorker } from "../shared/extraction/jobs/run_worker.ts";

if (!(Deno.env.get("DATABASE_URL") || Deno.env.get("SUPABASE_DB_URL"))) {
  console.error("deno task worker needs DATABASE_URL: the embedded database has one process only");
  Deno.exit(2);
}
const { config, db } = await openConfiguredDb(Deno.env, { poolSize: 4 });
const storageProblem = workerStorageProblem(config, Deno.env);
if (storageProblem) {
  console.error(storageProblem);
  await db.close();
  Deno.exit(2);
}
const deps = buildDeps(config, db);
const running = await startDocumentWorker(deps);
const webhooks = await startWebhookWorker(deps);
const extraction = await startExtractionWorker(deps);
console.log(`${running.worker.id} draining document jobs (${config.renderThreads} render threads)`);
console.log(
  `${extraction.worker.id} draining extraction jobs (${config.extractionThreads} threads, ` +
    `${deps.extraction.kind} extractor)`,
);

const stop = async () => {
  await running.stop();
  await webhooks.stop();
  await extraction.stop();
  await db.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", () => void stop());
Deno.addSignalListener("SIGTERM", () => void stop());
