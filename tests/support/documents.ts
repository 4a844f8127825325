import { DocumentWorker } from "../../shared/documents/jobs/worker.ts";
import { createRenderer } from "../../shared/documents/pdf/documents.ts";
import type { TestService } from "./service.ts";

/**
 * Renders (and signs, when final) every queued document job of the test service on this
 * thread, until none is left or the time is up, as the service's own worker would.
 */
export async function drainDocumentJobs(
  svc: TestService,
  options: { concurrency?: number; timeoutMs?: number } = {},
): Promise<void> {
  const worker = new DocumentWorker(
    {
      db: svc.db,
      storage: svc.deps.storage,
      renderer: createRenderer(0),
      log: svc.deps.log,
      signer: svc.deps.signer,
    },
    {
      concurrency: options.concurrency ?? 2,
      leaseSeconds: 60,
      pollMs: 50,
      verifyUrl: svc.deps.config.publicVerifyUrl,
    },
  );
  await worker.drain(Date.now() + (options.timeoutMs ?? 60_000));
}
