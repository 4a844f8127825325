import type { QueueDeps } from "./root.ts";
import { edgeExtractionWorker } from "../extraction/jobs/edge.ts";
import { EDGE_WEBHOOK_CONCURRENCY, serviceWebhookWorker } from "../webhooks/worker.ts";
import { edgeWorker } from "./edge_kick.ts";

/** A queue that can be drained: handles due items until none is left or the deadline nears. */
export interface Drainer {
  /** How many items were handled. */
  drain(deadline: number): Promise<number>;
}

/**
 * Every queue of a serverless process, drained in this isolate without threads: documents,
 * extractions that need no OCR (scans are left for `deno task worker`) and due webhook
 * deliveries. Serves the `worker` function on Supabase and the Deno Deploy app's cron and
 * request kicks.
 */
export function queueDrainer(deps: QueueDeps): Drainer {
  const webhooks = serviceWebhookWorker(deps, EDGE_WEBHOOK_CONCURRENCY);
  // Drained side by side; a new queue goes in this list.
  const drainers: Drainer[] = [edgeWorker(deps), edgeExtractionWorker(deps), webhooks];
  return {
    async drain(deadline) {
      const processed = await Promise.all(drainers.map((queue) => queue.drain(deadline)));
      // Jobs that ended meanwhile wrote events (outbox): they are delivered in this run too.
      processed.push(await webhooks.drain(deadline));
      return processed.reduce((sum, n) => sum + n, 0);
    },
  };
}
