import { type Config, ConfigError } from "../config.ts";
import { ServiceError } from "../errors/service_error.ts";
import type { ServiceApp } from "../http/app.ts";
import { buildPlatformDeps, type PlatformDeps } from "../deps.ts";
import { openEdgeDb, readEdgeConfig } from "./edge_config.ts";

/**
 * Serves one function on Supabase's edge runtime (or `deno run` locally). The database and
 * the app are built once per isolate, on the first request; on Supabase the database is
 * SUPABASE_DB_URL and migrations are applied by the Supabase CLI, not here.
 *
 * A boot that fails is not kept: the next request tries again (a database that was briefly
 * unreachable, say). A missing setting is logged once and answered 503 SVC_SYS_003 naming it.
 */
export function serveFunction(build: (platform: PlatformDeps) => ServiceApp): void {
  const boot = bootOnce(() => buildApp(build));
  Deno.serve(listenOptions(Deno.env.get("FUNCTION_PORT")), async (request, info) => {
    let svc: ServiceApp;
    try {
      svc = await boot();
    } catch (error) {
      return bootFailure(error);
    }
    return svc.app.fetch(request, { remoteAddr: (info.remoteAddr as Deno.NetAddr).hostname });
  });
}

/**
 * Supabase's edge runtime decides where a function listens. `FUNCTION_PORT` is for running one
 * outside it (the edge harness in tests): loopback, that port (0: any free one), announced.
 */
function listenOptions(port: string | undefined): Deno.ServeTcpOptions {
  if (port === undefined) return {};
  return {
    hostname: "127.0.0.1",
    port: Number(port),
    onListen: ({ hostname, port }) => console.log(`listening on http://${hostname}:${port}`),
  };
}

/** Memoises a successful boot; a failed one is logged (once per message) and retried. */
export function bootOnce<T>(start: () => T | Promise<T>): () => Promise<T> {
  let booting: Promise<T> | undefined;
  const logged = new Set<string>();
  return () => {
    // A start that throws at once is a failed boot too.
    booting ??= Promise.resolve().then(start).catch((error) => {
      booting = undefined;
      const message = error instanceof Error ? error.message : String(error);
      if (!logged.has(message)) {
        logged.add(message);
        console.error(JSON.stringify({ level: "error", message: "boot failed", error: message }));
      }
      throw error;
    });
    return booting;
  };
}

/** The answer while the function cannot boot: never a stack trace, never a secret. */
export function bootFailure(error: unknown): Response {
  const failure = error instanceof ConfigError
    ? new ServiceError("SVC_SYS_003", `This function is not configured. ${error.message}`)
    : new ServiceError("SVC_SYS_000", "The function could not start; its log says why");
  return Response.json(failure.toBody(), { status: failure.status });
}

function buildApp(build: (platform: PlatformDeps) => ServiceApp): ServiceApp {
  const config = onSupabaseEdge(readEdgeConfig(Deno.env));
  return build(buildPlatformDeps(config, openEdgeDb(config)));
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
