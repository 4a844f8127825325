import { addAdminRoutes } from "../admin/routes.ts";
import { createServiceApp, FUNCTIONS_PREFIX, type ServiceApp } from "../platform/http/app.ts";
import { addExtractionRoutes } from "../extraction/routes.ts";
import { type ExtractionRouteDeps, extractionRouteDeps } from "../extraction/root.ts";
import { addHsRoutes } from "../hs/routes.ts";
import { addJobRoutes } from "../documents/jobs/routes.ts";
import { addPartyRoutes } from "../parties/routes.ts";
import type { PlatformDeps } from "../platform/deps.ts";
import { waitUntil } from "../platform/runtime/edge_runtime.ts";
import { type ReferenceDeps, referenceDeps } from "../validation/root.ts";
import { addWebhookRoutes } from "../webhooks/routes.ts";

/** What the resource routes need: uploads and signed links, reference data, the extractors. */
export interface ApiDeps extends ExtractionRouteDeps, ReferenceDeps {}

export function apiDeps(platform: PlatformDeps): ApiDeps {
  return { ...extractionRouteDeps(platform), ...referenceDeps(platform) };
}

/**
 * The `api` function on Supabase. Extraction runs in the `extraction-worker` function's
 * isolate, so that the extractor's code (PDF, spreadsheet and OCR readers) is bundled there
 * alone: an upload pokes it, and the schedule picks up whatever a lost poke left.
 */
export function edgeApiDeps(platform: PlatformDeps): ApiDeps {
  const deps = apiDeps(platform);
  deps.extractionQueued.listen(() => pokeExtractionWorker(platform));
  return deps;
}

/**
 * Asks the `extraction-worker` function to drain now (it answers when done; the isolate waits
 * for it).
 */
function pokeExtractionWorker(deps: PlatformDeps): void {
  waitUntil(
    fetch(`${deps.config.publicBaseUrl}${FUNCTIONS_PREFIX}/extraction-worker`, {
      method: "POST",
      headers: { authorization: `Bearer ${deps.config.serviceRoleKey}` },
    }).then((response) => response.body?.cancel()).catch((error) =>
      deps.log.error({
        message: "poking the extraction-worker function failed",
        error: String(error),
      })
    ),
  );
}

/**
 * The resource routes, `/api/v1/...`, as one function named `api` (Supabase serves it at
 * `/functions/v1/api/v1/...`; the local gateway also at `/api/v1/...`).
 */
export function apiApp(deps: ApiDeps): ServiceApp {
  const svc = createServiceApp(deps, { name: "api", publicPrefix: "" });
  addAdminRoutes(svc);
  addExtractionRoutes(svc);
  addHsRoutes(svc);
  addJobRoutes(svc);
  addPartyRoutes(svc);
  addWebhookRoutes(svc);
  return svc;
}
