import type { ExtractionWorkerDeps } from "../root.ts";
import { type Drainer, drainWithDeliveries } from "../../platform/queue/drain.ts";
import { EDGE_DRAIN_MS } from "../../platform/runtime/edge_runtime.ts";
import { EDGE_WEBHOOK_CONCURRENCY, serviceWebhookWorker } from "../../webhooks/worker.ts";
import { databaseLookups } from "../fields/lookups.ts";
import { createExtractionProvider } from "./factory.ts";
import { ExtractionWorker } from "./worker.ts";

/**
 * An extraction worker that reads in this isolate, for the `extraction-worker` edge function
 * (no threads there). A job's time limit fits inside one drain, so a drain never leaves a job half done.
 * With the built-in extractor it does no OCR (it does not fit the edge's limits): it claims
 * text PDFs and spreadsheets only, and hands a scanned PDF back for `deno task worker`.
 */
export function edgeExtractionWorker(deps: ExtractionWorkerDeps): ExtractionWorker {
  // An outside model reads scans itself; the built-in extractor has no OCR here.
  const ocr = deps.extraction.kind !== "builtin";
  const provider = createExtractionProvider(deps.extraction, databaseLookups(deps.reference), {
    ocr: null,
  });
  return new ExtractionWorker(
    { db: deps.db, storage: deps.storage, provider, log: deps.log },
    {
      ocr,
      concurrency: 1,
      pollMs: 1000,
      timeoutMs: Math.min(deps.config.extractionTimeoutSeconds * 1000, EDGE_DRAIN_MS - 10_000),
    },
  );
}

/**
 * The `extraction-worker` function's drain: queued extractions, and the webhook deliveries
 * their completions make due (delivered in the same run, as the `worker` function does).
 */
export function edgeExtractionDrainer(deps: ExtractionWorkerDeps): Drainer {
  return drainWithDeliveries(
    [edgeExtractionWorker(deps)],
    serviceWebhookWorker(deps, EDGE_WEBHOOK_CONCURRENCY),
  );
}
