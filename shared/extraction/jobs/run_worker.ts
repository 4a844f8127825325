import type { Signal } from "../../platform/util/signal.ts";
import type { ExtractionWorkerDeps } from "../root.ts";
import type { ExtractionProvider } from "../provider.ts";
import { databaseLookups } from "../fields/lookups.ts";
import { loadOcr } from "../ocr/load.ts";
import { createExtractionProvider } from "./factory.ts";
import { ExtractionThreadPool } from "./thread_pool.ts";
import { ExtractionWorker } from "./worker.ts";
import { runListening, type RunningQueueWorker } from "../../platform/queue/listening.ts";

export type RunningExtractionWorker = RunningQueueWorker<ExtractionWorker>;

/**
 * Starts an extraction worker for this process: one job per thread on `EXTRACTION_THREADS`
 * threads (0: on this thread), woken by jobs queued here (extractionQueued) and, through LISTEN,
 * by jobs queued in any other process.
 */
export async function startExtractionWorker(
  deps: ExtractionWorkerDeps & { extractionQueued: Signal },
): Promise<RunningExtractionWorker> {
  const { config } = deps;
  const lookups = databaseLookups(deps.reference);
  let provider: ExtractionProvider & { close?(): void };
  if (config.extractionThreads > 0) {
    const pool = new ExtractionThreadPool(deps.extraction, lookups, {
      threads: config.extractionThreads,
      memoryMb: config.extractionThreadMemoryMb,
    });
    pool.prestart();
    provider = pool;
  } else {
    provider = createExtractionProvider(deps.extraction, lookups, { ocr: loadOcr });
  }
  const worker = new ExtractionWorker(
    { db: deps.db, storage: deps.storage, provider, log: deps.log },
    {
      // A job waiting for a thread would spend its time limit waiting: no more than threads.
      concurrency: Math.max(1, config.extractionThreads),
      pollMs: 1000,
      timeoutMs: config.extractionTimeoutSeconds * 1000,
    },
  );
  const stopListening = deps.extractionQueued.listen(() => worker.kick());
  return await runListening(deps.db, "extraction_jobs", worker, () => {
    stopListening();
    provider.close?.();
  });
}
