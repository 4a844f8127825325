import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { addRoute } from "../http/route.ts";
import { queueDrainer } from "../jobs/drain_queues.ts";
import { EDGE_DRAIN_MS } from "../runtime/edge_runtime.ts";
import type { QueueDeps } from "../jobs/root.ts";
import { z } from "../schemas/zod.ts";

/**
 * The `worker` function: drains the document and extraction queues and sends due webhook
 * deliveries for up to 50 s. On Supabase a schedule (pg_cron + pg_net, every minute) calls it
 * with the service role key, and an upload to /api/v1/extract pokes it; the local gateway runs
 * its own workers and does not need it.
 */
export function workerApp(deps: QueueDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "worker" });
  const queues = queueDrainer(deps);
  addRoute(svc, {
    operationId: "drainQueues",
    method: "post",
    path: "/",
    summary: "Drain queued work (scheduled)",
    tags: ["Operations"],
    auth: "service_role",
    responses: {
      200: {
        description: "How many jobs (documents, extractions) and webhook deliveries were " +
          "processed",
        schema: z.object({ processed: z.int() }).meta({ id: "Drained" }),
      },
    },
  }, async (c) => {
    return c.json({ processed: await queues.drain(Date.now() + EDGE_DRAIN_MS) });
  });
  return svc;
}
