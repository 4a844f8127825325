import type { Config } from "../config.ts";
import { buildDeps, type ServiceDeps } from "../deps.ts";
import type { ServiceApp } from "../http/app.ts";
import { kickInEdgeRuntime } from "../jobs/edge_kick.ts";
import { openConfiguredDb } from "./boot.ts";

/**
 * Serves one function on Supabase's edge runtime (or `deno run` locally). The database and
 * the app are built once per isolate, on the first request; on Supabase the database is
 * SUPABASE_DB_URL and migrations are applied by the Supabase CLI, not here.
 */
export function serveFunction(build: (deps: ServiceDeps) => ServiceApp): void {
  let app: Promise<ServiceApp> | undefined;
  Deno.serve((request, info) => {
    app ??= buildApp(build);
    return app.then((svc) =>
      svc.app.fetch(request, { remoteAddr: (info.remoteAddr as Deno.NetAddr).hostname })
    );
  });
}

async function buildApp(build: (deps: ServiceDeps) => ServiceApp): Promise<ServiceApp> {
  // Edge isolates are many and short-lived: a small pool each, unless DB_POOL_SIZE says.
  const { config, db } = await openConfiguredDb(Deno.env, {
    poolSize: Number(Deno.env.get("DB_POOL_SIZE") || 3),
  });
  const deps = buildDeps(onSupabaseEdge(config), db);
  deps.kickWorkers = kickInEdgeRuntime(deps);
  return build(deps);
}

/**
 * Hosted Supabase sits behind Cloudflare, which sets `cf-connecting-ip` itself (a value the
 * client sent is replaced), and one proxy hop appends to X-Forwarded-For; the connection's own
 * address is the platform's relay, never the client.
 */
function onSupabaseEdge(config: Config): Config {
  return {
    ...config,
    clientIpHeader: config.clientIpHeader ?? "cf-connecting-ip",
    trustedProxyHops: config.trustedProxyHops || 1,
    // The edge runtime has no node:worker_threads: forms are read in line, under their caps.
    formThreads: 0,
  };
}
