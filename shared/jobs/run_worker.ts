import type { ServiceDeps } from "../deps.ts";
import { createRenderer } from "../pdf/documents.ts";
import { DocumentWorker } from "./worker.ts";

export interface RunningWorker {
  worker: DocumentWorker;
  stop(): Promise<void>;
}

/**
 * Starts a document worker for this process: renders on `RENDER_THREADS` threads, wakes on
 * jobs queued here (kickWorkers) and, through LISTEN, on jobs queued by any other process.
 */
export async function startDocumentWorker(deps: ServiceDeps): Promise<RunningWorker> {
  const renderer = createRenderer(deps.config.renderThreads);
  const worker = new DocumentWorker(
    { db: deps.db, storage: deps.storage, renderer, log: deps.log },
    {
      concurrency: deps.config.workerConcurrency,
      leaseSeconds: 60,
      pollMs: 1000,
      verifyUrl: deps.config.publicVerifyUrl,
    },
  );
  deps.kickWorkers = () => worker.kick();
  const unlisten = await deps.db.listen("document_jobs", () => worker.kick());
  worker.start();
  return {
    worker,
    async stop() {
      await unlisten();
      await worker.stop();
      renderer.close?.();
    },
  };
}
