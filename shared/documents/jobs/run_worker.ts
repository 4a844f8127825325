import type { Signal } from "../../platform/util/signal.ts";
import type { RenderDeps } from "./root.ts";
import { createRenderer } from "../pdf/documents.ts";
import { DocumentWorker } from "./worker.ts";
import { runListening, type RunningQueueWorker } from "../../platform/queue/listening.ts";

export type RunningWorker = RunningQueueWorker<DocumentWorker>;

/**
 * Starts a document worker for this process: renders on `RENDER_THREADS` threads, wakes on
 * jobs queued here (documentsQueued) and, through LISTEN, on jobs queued by any other process.
 */
export async function startDocumentWorker(
  deps: RenderDeps & { documentsQueued: Signal },
): Promise<RunningWorker> {
  const renderer = createRenderer(deps.config.renderThreads);
  const worker = new DocumentWorker(
    { db: deps.db, storage: deps.storage, renderer, log: deps.log, signer: deps.signer },
    {
      concurrency: deps.config.workerConcurrency,
      leaseSeconds: 60,
      pollMs: 1000,
      verifyUrl: deps.config.publicVerifyUrl,
    },
  );
  const stopListening = deps.documentsQueued.listen(() => worker.kick());
  return await runListening(deps.db, "document_jobs", worker, () => {
    stopListening();
    renderer.close?.();
  });
}
