import type { QueueDeps } from "../documents/jobs/root.ts";
import { edgeExtractionWorker } from "../extraction/jobs/edge.ts";
import { EDGE_WEBHOOK_CONCURRENCY, serviceWebhookWorker } from "../webhooks/worker.ts";
import { type Drainer, drainWithDeliveries } from "../platform/queue/drain.ts";
import { edgeWorker } from "../documents/jobs/edge_kick.ts";

/**
 * Every queue of one serverless process, drained in this isolate without threads: documents,
 * extractions that need no OCR (scans are left for `deno task worker`) and due webhook
 * deliveries. Serves the Deno Deploy app's cron and request kicks; on Supabase the same work
 * is split between the `worker` and `extraction-worker` functions, each within the size limit.
 */
export function queueDrainer(deps: QueueDeps): Drainer {
  // Drained side by side; a new queue goes in this list.
  return drainWithDeliveries(
    [edgeWorker(deps), edgeExtractionWorker(deps)],
    serviceWebhookWorker(deps, EDGE_WEBHOOK_CONCURRENCY),
  );
}
