import { type GenerationDeps, generationDeps } from "../generation/root.ts";
import { createRenderer } from "../pdf/documents.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import { EDGE_WEBHOOK_CONCURRENCY, serviceWebhookWorker } from "../../webhooks/worker.ts";
import { EDGE_DRAIN_MS, waitUntil } from "../../platform/runtime/edge_runtime.ts";
import { type Drainer, drainWithDeliveries } from "../../platform/queue/drain.ts";
import { type RenderDeps, renderDeps } from "./root.ts";
import { DocumentWorker } from "./worker.ts";

/** A worker that renders in this isolate, for the edge functions (no threads there). */
export function edgeWorker(deps: RenderDeps): DocumentWorker {
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

/** The `worker` function's drain: queued documents and due webhook deliveries. */
export function edgeDocumentDrainer(deps: RenderDeps): Drainer {
  return drainWithDeliveries(
    [edgeWorker(deps)],
    serviceWebhookWorker(deps, EDGE_WEBHOOK_CONCURRENCY),
  );
}

/**
 * generate-documents on Supabase: it drains the jobs it just queued after answering, within
 * the same invocation (the scheduled `worker` function picks up anything left over), and the
 * events those jobs wrote are delivered in that drain too.
 */
export function edgeGenerationDeps(platform: PlatformDeps): GenerationDeps {
  const deps = generationDeps(platform);
  const render = renderDeps(platform);
  const worker = edgeWorker(render);
  const hooks = serviceWebhookWorker(render, EDGE_WEBHOOK_CONCURRENCY);
  deps.documentsQueued.listen(() => {
    const deadline = Date.now() + EDGE_DRAIN_MS;
    waitUntil(
      worker.drain(deadline)
        .then(() => hooks.drain(deadline))
        .catch((error) =>
          platform.log.error({ message: "edge drain failed", error: String(error) })
        ),
    );
  });
  return deps;
}
