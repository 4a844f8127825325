import type { ServiceDeps } from "../deps.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { addRoute } from "../http/route.ts";
import { EDGE_DRAIN_MS, edgeWorker } from "../jobs/edge_kick.ts";
import { edgeExtractionWorker } from "../extraction/jobs/edge.ts";
import { z } from "../schemas/zod.ts";
import { EDGE_WEBHOOK_CONCURRENCY, serviceWebhookWorker } from "../webhooks/worker.ts";

/** A queue the function drains: handles due items until none is left or the deadline nears. */
interface Drainer {
  drain(deadline: number): Promise<number>;
}

/**
 * The `worker` function: drains the document and extraction queues and sends due webhook
 * deliveries for up to 50 s. On Supabase a schedule (pg_cron + pg_net, every minute) calls it
 * with the service role key, and an upload to /api/v1/extract pokes it; the local gateway runs
 * its own workers and does not need it.
 */
export function workerApp(deps: ServiceDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "worker" });
  const webhooks = serviceWebhookWorker(deps, EDGE_WEBHOOK_CONCURRENCY);
  // Drained side by side; a new queue goes in this list.
  const drainers: Drainer[] = [edgeWorker(deps), edgeExtractionWorker(deps), webhooks];
  addRoute(svc, {
    method: "post",
    path: "/",
    summary: "Drain queued work (scheduled)",
    tags: ["Operations"],
    auth: "service_role",
    responses: {
      200: {
        description: "How many jobs (documents, extractions) and webhook deliveries were " +
          "processed",
        schema: z.object({ processed: z.int() }).openapi("Drained"),
      },
    },
  }, async (c) => {
    const deadline = Date.now() + EDGE_DRAIN_MS;
    const processed = await Promise.all(drainers.map((queue) => queue.drain(deadline)));
    // Jobs that ended meanwhile wrote events (outbox): they are delivered in this run too.
    processed.push(await webhooks.drain(deadline));
    return c.json({ processed: processed.reduce((sum, n) => sum + n, 0) });
  });
  return svc;
}
