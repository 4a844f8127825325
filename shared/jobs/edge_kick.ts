import type { ServiceDeps } from "../deps.ts";
import { createRenderer } from "../pdf/documents.ts";
import { DocumentWorker } from "./worker.ts";

/** Supabase's edge runtime keeps an isolate alive for promises handed to waitUntil. */
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

/** How long one drain may run inside an edge function's wall-clock budget. */
export const EDGE_DRAIN_MS = 50_000;

/** A worker that renders in this isolate, for the edge functions (no threads there). */
export function edgeWorker(deps: ServiceDeps): DocumentWorker {
  return new DocumentWorker(
    { db: deps.db, storage: deps.storage, renderer: createRenderer(0), log: deps.log },
    { concurrency: 2, leaseSeconds: 60, pollMs: 1000, verifyUrl: deps.config.publicVerifyUrl },
  );
}

/**
 * On Supabase, generate-documents drains the jobs it just queued after answering, within the
 * same invocation (the scheduled `worker` function picks up anything left over).
 */
export function kickInEdgeRuntime(deps: ServiceDeps): () => void {
  let worker: DocumentWorker | undefined;
  return () => {
    worker ??= edgeWorker(deps);
    const drain = worker.drain(Date.now() + EDGE_DRAIN_MS).catch((error) =>
      deps.log.error({ message: "edge drain failed", error: String(error) })
    );
    if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(drain);
  };
}
