import { edgeDocumentDrainer } from "../documents/jobs/edge_kick.ts";
import type { RenderDeps } from "../documents/jobs/root.ts";
import type { ServiceApp } from "../platform/http/app.ts";
import { drainApp } from "./drain_app.ts";

/**
 * The `worker` function: renders queued documents and sends due webhook deliveries. Extraction
 * is drained by `extraction-worker`, so that neither function carries the other's readers and
 * each stays within Supabase's size limit.
 */
export function workerApp(deps: RenderDeps): ServiceApp {
  return drainApp(deps, "worker", edgeDocumentDrainer(deps));
}
