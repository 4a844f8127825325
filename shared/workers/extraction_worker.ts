import { edgeExtractionDrainer } from "../extraction/jobs/edge.ts";
import type { ExtractionWorkerDeps } from "../extraction/root.ts";
import type { ServiceApp } from "../platform/http/app.ts";
import { drainApp } from "./drain_app.ts";

/**
 * The `extraction-worker` function: reads queued uploads that need no OCR (text PDFs,
 * spreadsheets; with an outside model, every kind) and sends the webhook deliveries they make
 * due. An upload to /api/v1/extract pokes it; the schedule picks up whatever a lost poke left.
 */
export function extractionWorkerApp(deps: ExtractionWorkerDeps): ServiceApp {
  return drainApp(deps, "extraction-worker", edgeExtractionDrainer(deps));
}
