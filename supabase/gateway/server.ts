import type { Env } from "../../shared/config.ts";
import { openConfiguredDb } from "../../shared/runtime/boot.ts";
import { type Prepared, prepareDatabase } from "../../shared/db/prepare.ts";
import { buildDeps, type ServiceDeps } from "../../shared/deps.ts";
import { startDocumentWorker } from "../../shared/jobs/run_worker.ts";
import { startWebhookWorker } from "../../shared/webhooks/worker.ts";
import { startExtractionWorker } from "../../shared/extraction/jobs/run_worker.ts";
import { createGateway } from "./gateway.ts";

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
  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  let server: Deno.HttpServer;
  try {
    server = Deno.serve(
      { port, hostname, onListen: resolve },
      (request, info) =>
        gateway.fetch(request, { remoteAddr: (info.remoteAddr as Deno.NetAddr).hostname }),
    );
  } catch (error) {
    // Nothing listens (the port is taken): stop what started, so the process can exit.
    await Promise.all([worker?.stop(), webhooks?.stop(), extraction?.stop()]);
    await db.close();
    throw error;
  }
  const address = await listening;
  const host = address.hostname === "0.0.0.0" ? "127.0.0.1" : address.hostname;
  return {
    url: `http://${host}:${address.port}`,
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
