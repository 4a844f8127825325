import { createServiceApp, type ServiceApp } from "../platform/http/app.ts";
import { addRoute } from "../platform/http/route.ts";
import type { Drainer } from "../platform/queue/drain.ts";
import type { PlatformDeps } from "../platform/deps.ts";
import { EDGE_DRAIN_MS } from "../platform/runtime/edge_runtime.ts";
import { z } from "../platform/schemas/zod.ts";

const Drained = z.object({ processed: z.int() }).meta({ id: "Drained" });

/** The functions that drain, split by job kind so that each carries only its own readers. */
const DRAINS = {
  worker: {
    operationId: "drainQueues",
    summary: "Drain queued documents and webhook deliveries (scheduled)",
    processed: "documents and webhook deliveries",
  },
  "extraction-worker": {
    operationId: "drainExtractions",
    summary: "Drain queued extractions (scheduled, and poked by uploads)",
    processed: "extractions and webhook deliveries",
  },
};

/**
 * A function that drains queued work for up to 50 s when called: on Supabase a schedule
 * (pg_cron + pg_net, every minute) calls it with the service role key; the local gateway runs
 * its own workers and does not need it.
 */
export function drainApp(
  deps: PlatformDeps,
  name: keyof typeof DRAINS,
  queues: Drainer,
): ServiceApp {
  const spec = DRAINS[name];
  const svc = createServiceApp(deps, { name });
  addRoute(svc, {
    operationId: spec.operationId,
    method: "post",
    path: "/",
    summary: spec.summary,
    tags: ["Operations"],
    auth: "service_role",
    responses: {
      200: { description: `How many ${spec.processed} were processed`, schema: Drained },
    },
  }, async (c) => {
    return c.json({ processed: await queues.drain(Date.now() + EDGE_DRAIN_MS) });
  });
  return svc;
}
