import type { ServiceDeps } from "../deps.ts";
import { createServiceApp, type ServiceApp } from "../http/app.ts";
import { addRoute } from "../http/route.ts";
import { EDGE_DRAIN_MS, edgeWorker } from "../jobs/edge_kick.ts";
import { z } from "../schemas/zod.ts";

/**
 * The `worker` function: drains the document queue for up to 50 s. On Supabase a schedule
 * (pg_cron + pg_net, every minute) calls it with the service role key; the local gateway runs
 * its own worker and does not need it.
 */
export function workerApp(deps: ServiceDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "worker" });
  const worker = edgeWorker(deps);
  addRoute(svc, {
    method: "post",
    path: "/",
    summary: "Drain queued work (scheduled)",
    tags: ["Operations"],
    auth: "service_role",
    responses: {
      200: {
        description: "How many jobs were processed",
        schema: z.object({ processed: z.int() }).openapi("Drained"),
      },
    },
  }, async (c) => c.json({ processed: await worker.drain(Date.now() + EDGE_DRAIN_MS) }));
  return svc;
}
