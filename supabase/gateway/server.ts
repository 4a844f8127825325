import type { Env } from "../../shared/platform/config.ts";
import { openConfiguredDb } from "../../shared/platform/runtime/boot.ts";
import { type Prepared, prepareDatabase } from "../../shared/platform/db/prepare.ts";
import { buildDeps, type ServiceDeps } from "../../shared/deps.ts";
import { startDocumentWorker } from "../../shared/documents/jobs/run_worker.ts";
import { startWebhookWorker } from "../../shared/webhooks/worker.ts";
import { startExtractionWorker } from "../../shared/extraction/jobs/run_worker.ts";
import { serveWithNode } from "../../shared/platform/http/node_serve.ts";
import { createGateway, type Gateway } from "./gateway.ts";

export interface RunningService {
  url: string;
  deps: ServiceDeps;
  prepared: Prepared;
  close(): Promise<void>;
}

/**
 * Starts the local service: keys, database (PGlite under DATA_DIR unless DATABASE_URL is set),
 * migrations and reference data, then the gateway on HOST:PORT. `close` stops taking requests, lets the ones in
 * flight finish, flushes the log and closes the database, so nothing committed is lost.
 */
export async function startService(
  env: Env = Deno.env,
  options: { port?: number; hostname?: string } = {},
): Promise<RunningService> {
  const { config, db } = await openConfiguredDb(env);
  let prepared: Prepared;
  try {
    prepared = await prepareDatabase(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  const deps = buildDeps(config, db);
  const worker = config.runWorker ? await startDocumentWorker(deps) : undefined;
  const webhooks = config.runWorker ? await startWebhookWorker(deps) : undefined;
  const extraction = config.runExtractionWorker ? await startExtractionWorker(deps) : undefined;
  const gateway = createGateway(deps);
  const hostname = options.hostname ?? env.get("HOST") ?? "127.0.0.1";
  const port = options.port ?? config.port;
  let server: GatewayServer;
  try {
    server = await listenGateway(gateway, { port, hostname, with: config.gatewayHttpServer });
  } catch (error) {
    // Nothing listens (the port is taken): stop what started, so the process can exit.
    await Promise.all([worker?.stop(), webhooks?.stop(), extraction?.stop()]);
    await db.close();
    throw error;
  }
  return {
    url: server.url,
    deps,
    prepared,
    async close() {
      await server.shutdown();
      await worker?.stop();
      await webhooks?.stop();
      await extraction?.stop();
      deps.forms.close();
      await deps.log.flush();
      await db.close();
    },
  };
}

export interface GatewayServer {
  url: string;
  shutdown(): Promise<void>;
}

/**
 * Serves the gateway on HTTP: through node:http by default (see node_serve.ts: it closes the
 * sockets of slow senders cut off at the read deadline at once, where Deno.serve keeps them for
 * seconds), or through Deno.serve (`GATEWAY_HTTP_SERVER=deno`), which answers small requests
 * about 2.5 times as fast on Deno 2.9.6.
 */
export async function listenGateway(
  gateway: Gateway,
  options: { port: number; hostname: string; with?: "node" | "deno" },
): Promise<GatewayServer> {
  const { port, hostname } = options;
  if (options.with === "deno") {
    const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
    const server = Deno.serve(
      { port, hostname, onListen: resolve },
      (request, info) =>
        gateway.fetch(request, { remoteAddr: (info.remoteAddr as Deno.NetAddr).hostname }),
    );
    const address = await listening;
    return { url: urlOf(address), shutdown: () => server.shutdown() };
  }
  const server = await serveWithNode(
    { port, hostname },
    (request, remoteAddr) => gateway.fetch(request, { remoteAddr: plainAddress(remoteAddr) }),
  );
  return { url: urlOf(server.addr), shutdown: () => server.shutdown() };
}

function urlOf({ hostname, port }: { hostname: string; port: number }): string {
  const host = hostname === "0.0.0.0" || hostname === "::"
    ? "127.0.0.1"
    : hostname.includes(":")
    ? `[${hostname}]`
    : hostname;
  return `http://${host}:${port}`;
}

/** node:http names an IPv4 client on a dual-stack socket `::ffff:a.b.c.d`; Deno.serve `a.b.c.d`. */
function plainAddress(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
