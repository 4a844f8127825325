import type { Env } from "../shared/platform/config.ts";
import { buildDeps } from "../shared/deps.ts";
import {
  type CoalescingDrain,
  coalescingDrain,
} from "../shared/platform/queue/coalescing_drain.ts";
import { queueDrainer } from "../shared/workers/drain_queues.ts";
import { EDGE_DRAIN_MS } from "../shared/platform/runtime/edge_runtime.ts";
import { openEdgeDb, readEdgeConfig } from "../shared/platform/runtime/edge_config.ts";
import { bootFailure, bootOnce } from "../shared/platform/runtime/serve_function.ts";
import { createGateway, type Gateway } from "../supabase/gateway/gateway.ts";

/**
 * Settings the Deno Deploy app needs besides an edge function's: its own public address, for
 * the verify links and QR codes on documents (Supabase's address would not serve them).
 */
export const DEPLOY_REQUIRED = ["PUBLIC_BASE_URL"];

export interface DeployApp {
  fetch(request: Request, info: Deno.ServeHandlerInfo): Promise<Response>;
  /** The scheduled drain (Deno.cron): every queue, within one drain's budget. */
  drainScheduled(): Promise<number>;
}

interface Booted {
  gateway: Gateway;
  drain: CoalescingDrain;
}

/**
 * The whole service as one serverless app for Deno Deploy (docs/deploy-deno.md): the local
 * gateway's routes (every function under /functions/v1/<name>, /api/v1, /health, /docs) on
 * PostgreSQL and Supabase Storage, configured from the environment only, nothing written,
 * no threads, no subprocesses, no long-running worker.
 *
 * Background work runs in the isolate in bounded drains: after every accepted write request
 * (and at once when jobs are queued), and on the schedule deploy/main.ts registers. A drain
 * renders documents, extracts what needs no OCR and delivers due webhooks; scans wait for
 * `deno task worker`, as on Supabase.
 *
 * Booted on the first request or schedule, not at import: Deploy starts the app before it
 * serves, and a missing setting is answered 503 SVC_SYS_003 naming it (and retried).
 */
export function deployApp(env: Env): DeployApp {
  const boot = bootOnce((): Booted => {
    // Forms are read in line, under their caps: the app starts no threads on Deploy.
    const config = { ...readEdgeConfig(env, DEPLOY_REQUIRED), formThreads: 0 };
    const deps = buildDeps(config, openEdgeDb(config));
    const drain = coalescingDrain(queueDrainer(deps), EDGE_DRAIN_MS, deps.log);
    deps.documentsQueued.listen(drain.kick);
    deps.extractionQueued.listen(drain.kick);
    return { gateway: createGateway(deps), drain };
  });
  return {
    async fetch(request, info) {
      let booted: Booted;
      try {
        booted = await boot();
      } catch (error) {
        return bootFailure(error);
      }
      const response = await booted.gateway.fetch(request, {
        remoteAddr: (info.remoteAddr as Deno.NetAddr).hostname,
      });
      if (acceptedWrite(request, response)) booted.drain.kick();
      return response;
    },
    async drainScheduled() {
      return await (await boot()).drain.run();
    },
  };
}

/** A request that may have queued work or made a webhook due: a write the service accepted. */
function acceptedWrite(request: Request, response: Response): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(request.method) && response.status < 400;
}

/**
 * Deno Deploy decides where the app listens. `PORT` is for running it elsewhere, as the test
 * harness does: that port (0: any free one) on `HOST` (default: every interface, as Deno.serve's
 * own default, in case a platform sets PORT), announced.
 */
export function deployListenOptions(env: Env): Deno.ServeTcpOptions {
  const port = env.get("PORT");
  if (!port) return {};
  const hostname = env.get("HOST");
  return {
    ...(hostname ? { hostname } : {}),
    port: Number(port),
    onListen: ({ hostname, port }) => console.log(`listening on http://${hostname}:${port}`),
  };
}
