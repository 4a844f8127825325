import type { ServiceDeps } from "../deps.ts";
import { FUNCTIONS_PREFIX } from "../http/app.ts";
import { createRenderer } from "../pdf/documents.ts";
import {
  EDGE_WEBHOOK_CONCURRENCY,
  serviceWebhookWorker,
  type WebhookWorker,
} from "../webhooks/worker.ts";
import { DocumentWorker } from "./worker.ts";

/** Supabase's edge runtime keeps an isolate alive for promises handed to waitUntil. */
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

/** How long one drain may run inside an edge function's wall-clock budget. */
export const EDGE_DRAIN_MS = 50_000;

/** A worker that renders in this isolate, for the edge functions (no threads there). */
export function edgeWorker(deps: ServiceDeps): DocumentWorker {
  return new DocumentWorker(
    {
      db: deps.db,
      storage: deps.storage,
      renderer: createRenderer(0),
      log: deps.log,
      signer: deps.signer,
    },
    { concurrency: 2, leaseSeconds: 60, pollMs: 1000, verifyUrl: deps.config.publicVerifyUrl },
  );
}

/**
 * On Supabase, generate-documents drains the jobs it just queued after answering, within the
 * same invocation (the scheduled `worker` function picks up anything left over).
 */
export function kickInEdgeRuntime(deps: ServiceDeps): () => void {
  let worker: DocumentWorker | undefined;
  let webhooks: WebhookWorker | undefined;
  // Extraction runs in the `worker` function's isolate, so that the extractor's code (PDF,
  // spreadsheet and OCR readers) is bundled there alone: an upload pokes it.
  deps.kickExtraction = () => pokeWorkerFunction(deps);
  return () => {
    worker ??= edgeWorker(deps);
    const hooks = webhooks ??= serviceWebhookWorker(deps, EDGE_WEBHOOK_CONCURRENCY);
    const deadline = Date.now() + EDGE_DRAIN_MS;
    const drain = worker.drain(deadline)
      // The jobs just rendered wrote their events: they are delivered in this invocation too.
      .then(() => hooks.drain(deadline))
      .catch((error) => deps.log.error({ message: "edge drain failed", error: String(error) }));
    if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(drain);
  };
}

/** Asks the `worker` function to drain now (it answers when done; the isolate waits for it). */
function pokeWorkerFunction(deps: ServiceDeps): void {
  const poke = fetch(`${deps.config.publicBaseUrl}${FUNCTIONS_PREFIX}/worker`, {
    method: "POST",
    headers: { authorization: `Bearer ${deps.config.serviceRoleKey}` },
  }).then((response) => response.body?.cancel()).catch((error) =>
    deps.log.error({ message: "poking the worker function failed", error: String(error) })
  );
  if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(poke);
}
